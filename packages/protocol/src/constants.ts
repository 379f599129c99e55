/** Business constants from spec §9 and the delivery guarantee in docs/architecture.md. */
export const TYPING_TIMEOUT_MS = 7_000;
export const TYPING_REFRESH_MS = 2_000;
export const PING_INTERVAL_MS = 25_000;
export const CONNECT_TIMEOUT_MS = 15_000;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 300;
/** Members a channel answer lists (the default and the most a channel list may ask for). */
export const MEMBER_LIMIT = 100;
/** The longest channel topic (one line under the channel's name). */
export const CHANNEL_TOPIC_MAX = 250;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 10;
export const MAX_FRAME_BYTES = 64 * 1024;
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
export const EVENT_RETENTION_COUNT = 10_000;
export const DEFAULT_MAX_MESSAGE_LENGTH = 5_000;
/** The largest max_message_length a channel type may be given. */
export const MAX_MESSAGE_LENGTH_LIMIT = 20_000;
export const API_KEY_PARAM = "api_key";
export const WS_PATH = "/chat/connect";
export const TOKEN_INVALID_MESSAGE = "Token Invalid: Session token is expired or invalid.";

/** WebSocket close codes used by the server (RFC 6455 private range 4000-4999). */
export const CloseCode = {
  normal: 1000,
  goingAway: 1001,
  tooBig: 1009,
  /** The server cannot serve now (its database is unavailable): reconnect later. */
  tryAgainLater: 1013,
  unauthorized: 4001,
  authTimeout: 4002,
  forbiddenOrigin: 4003,
  sessionRevoked: 4004,
  banned: 4005,
  deadPeer: 4006,
  /** An admin deactivated the account. */
  deactivated: 4007,
} as const;
