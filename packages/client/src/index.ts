export { type AccountsOptions, ParleyAccounts } from "./accounts.js";
export { ApiCaller, type CallerOptions, type CallOptions, type Credentials } from "./api-call.js";
export type {
  AccountRouteName,
  CallAnswer,
  CallArgs,
  CallBody,
  CallInput,
  ChatRouteName,
  RouteLine,
} from "./api-types.js";
export { Backoff, type BackoffOptions, backoffCeiling, fullJitterDelay } from "./backoff.js";
export { allows } from "./capabilities.js";
export {
  Channel,
  type ChannelData,
  type ChannelQueryOptions,
  type SendMessageInput,
  type WatchOptions,
} from "./channel.js";
export { applyChannelEvent, applyUserEvent } from "./channel-events.js";
export { compareForList, isListed, LIST_PREVIEW, sortChannelList } from "./channel-list.js";
export {
  applyAroundPage,
  applyNewerPage,
  applyQueryResponse,
  classifySeq,
  emptyChannelState,
  type ReduceContext,
  type SeqVerdict,
} from "./channel-state.js";
export {
  type ChannelFilter,
  type ChannelSort,
  ChatClient,
  type QueryChannelsOptions,
} from "./chat-client.js";
export type { ClientStateSnapshot } from "./client-state.js";
export { Connection, type ConnectionOk, FATAL_CLOSE_CODES } from "./connection.js";
export { isServerToken, websocketURL } from "./endpoints.js";
export {
  ChatAnswerError,
  ChatApiError,
  ChatConnectionError,
  ChatFrameError,
  ChatNetworkError,
} from "./errors.js";
export { EventEmitter, type Subscription } from "./event-emitter.js";
export { type FirstUnread, firstUnread } from "./first-unread.js";
export {
  ImageCache,
  type ImageCacheDeps,
  type ImageCacheOptions,
  type ImageRoute,
  imageProxyPath,
  imageRoute,
} from "./images.js";
export { mentionNames } from "./mention-names.js";
export { compareMessages } from "./messages.js";
export { type FlagView, Moderation } from "./moderation.js";
export {
  type NotificationSettingsPatch,
  Notifications,
  type NotificationsHost,
  notifyRecipient,
} from "./notifications.js";
export * from "./polls/index.js";
export { hasOwnReaction, withOptimisticReaction } from "./reactions.js";
export {
  type MessageReceipts,
  messageReceipts,
  Receipts,
  readersAtOrAfter,
  readPositions,
  showsInlineReceipts,
} from "./receipts.js";
export { type RequestOptions, RestClient, type RestClientOptions } from "./rest.js";
export { routeLines } from "./route-lines.js";
export {
  type CursorPage,
  channelSource,
  hasMessageSyntax,
  messageSource,
  type OffsetPage,
  restSearchClient,
  SEARCH_SOURCE_ORDER,
  SEARCH_SOURCE_TYPES,
  type SearchClient,
  SearchController,
  type SearchControllerOptions,
  type SearchControllerState,
  type SearchItems,
  SearchSource,
  type SearchSourceOptions,
  SearchSourcePicker,
  type SearchSourceState,
  type SearchSourceType,
  type SearchTransport,
  type SourcePage,
  type SourceQuery,
  userSource,
} from "./search/index.js";
export {
  hasSidebarUnread,
  type SidebarOptions,
  type SidebarSection,
  type SidebarSectionId,
  sidebarSectionOf,
  sidebarSections,
} from "./sidebar-sections.js";
export { Thread } from "./thread.js";
export type { ThreadStateSnapshot } from "./thread-state.js";
export { ThreadsInbox, type ThreadsInboxSnapshot, type ThreadsInboxStatus } from "./threads-inbox.js";
export type {
  ChannelStateSnapshot,
  ChatClientOptions,
  ClientEvent,
  ClientEventOf,
  ClientEventType,
  FetchLike,
  LocalMessage,
  Logger,
  LogLevel,
  MessageStatus,
  SdkEvent,
  TypingEntry,
  WebSocketConstructor,
  WebSocketLike,
  XMLHttpRequestConstructor,
  XMLHttpRequestLike,
} from "./types.js";
export { TypingIndicators, TypingSender } from "./typing.js";
export {
  type AnswerCheck,
  defaultUploadTransport,
  fetchTransport,
  Upload,
  type UploadInput,
  type UploadProgress,
  type UploadRequest,
  type UploadSnapshot,
  type UploadStatus,
  type UploadTransport,
  xhrTransport,
} from "./upload.js";
export { type StatusInput, shownDndUntil, shownStatus, withFreshUser } from "./user-status.js";
export type { WatchOutcome } from "./watch-requests.js";
