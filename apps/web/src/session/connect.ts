import { ChatClient, ChatConnectionError, type WebSocketConstructor } from "@parley/client";
import { CloseCode, TOKEN_INVALID_MESSAGE } from "@parley/protocol";
import { loadConfig } from "./config";
import { clearSession, readSession } from "./storage";

/** The connected chat user, as the UI needs it. */
export interface SessionUser {
  id: string;
  name: string;
  image: string;
}

/** The stored session cannot be used (missing, expired or invalid); storage has been cleared. */
export class SessionInvalidError extends Error {
  constructor() {
    super(TOKEN_INVALID_MESSAGE);
    this.name = "SessionInvalidError";
  }
}

interface Connected {
  token: string;
  user: SessionUser;
  client: ChatClient;
}

let connected: Connected | null = null;
let inFlight: { token: string; promise: Promise<Connected> } | null = null;

/** The connected user, or null when nobody is connected in this page. */
export function connectedUser(): SessionUser | null {
  return connected?.user ?? null;
}

/** The connected chat client, or null when nobody is connected in this page. */
export function connectedClient(): ChatClient | null {
  return connected?.client ?? null;
}

/** Forget the connection (logout): the socket is closed and the SDK's state cleared. */
export function disconnectSession(): void {
  const client = connected?.client;
  connected = null;
  inFlight = null;
  client?.disconnectUser().catch(() => {});
}

/** Logs the spec's message (never shown to the user), clears storage and forgets the connection. */
export function invalidSession(): SessionInvalidError {
  console.error(TOKEN_INVALID_MESSAGE);
  clearSession();
  disconnectSession();
  return new SessionInvalidError();
}

/** Close codes and server codes that mean the token itself is no good. */
export function isTokenRefusal(error: unknown): boolean {
  if (!(error instanceof ChatConnectionError)) return false;
  return (
    error.code === CloseCode.unauthorized ||
    error.code === CloseCode.sessionRevoked ||
    error.code === CloseCode.deactivated ||
    error.serverCode === "token_invalid" ||
    error.serverCode === "token_expired"
  );
}

async function connect(token: string, uid: string): Promise<Connected> {
  const { apiKey } = await loadConfig();
  const client = new ChatClient(apiKey, {
    baseURL: window.location.origin,
    WebSocket: window.WebSocket as unknown as WebSocketConstructor,
  });
  let me: Awaited<ReturnType<ChatClient["connectUser"]>>;
  try {
    me = await client.connectUser({ id: uid }, token);
  } catch (error) {
    if (isTokenRefusal(error)) throw invalidSession();
    throw new Error("Could not connect to the chat service. Check your connection and try again.");
  }
  if (!me) throw invalidSession();
  if (me.id !== uid) {
    await client.disconnectUser();
    throw invalidSession(); // the token belongs to someone else
  }
  return { token, client, user: { id: me.id, name: me.name || me.id, image: me.image ?? "" } };
}

/**
 * Connect the stored session to the chat service with the SDK (spec §4: automatic reconnect on
 * load). Resolves with the connected user; reuses the connection when one exists for the same
 * token. Rejects with SessionInvalidError (after logging the spec's message and clearing storage)
 * when there is no token or the server refuses it (close code 4001 / 4004); other failures reject
 * with a plain Error and keep the session.
 */
export function connectSession(): Promise<SessionUser> {
  return connectClient().then((c) => c.user);
}

/** As connectSession, resolving with the user and the connected ChatClient. */
export function connectClient(): Promise<Connected> {
  const session = readSession();
  if (!session) return Promise.reject(invalidSession());
  if (connected?.token === session.token) return Promise.resolve(connected);
  if (inFlight?.token === session.token) return inFlight.promise;
  if (connected) disconnectSession(); // another account signed in in this tab

  const { token, uid } = session;
  const promise = connect(token, uid).then(
    (result) => {
      if (inFlight?.token === token) inFlight = null;
      connected = result;
      return result;
    },
    (error: unknown) => {
      if (inFlight?.token === token) inFlight = null;
      throw error;
    },
  );
  inFlight = { token, promise };
  return promise;
}
