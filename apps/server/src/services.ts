import { AccountsService } from "./domain/accounts/accounts-service.js";
import type { AttemptLimiter } from "./domain/accounts/attempt-limiter.js";
import { ChatAuth } from "./domain/auth/chat-auth.js";
import { type ChatTokens, chatTokens } from "./domain/auth/chat-tokens.js";
import { ChannelDirectory } from "./domain/channels/channel-directory.js";
import { ChannelTypes } from "./domain/channels/channel-types.js";
import { ChannelsService } from "./domain/channels/channels-service.js";
import type { Clock } from "./domain/clock.js";
import type { PresencePort, SignalPort } from "./domain/events.js";
import { MessageMetaService } from "./domain/messages/message-meta-service.js";
import { MessagesService } from "./domain/messages/messages-service.js";
import { ModerationService } from "./domain/moderation/moderation-service.js";
import { PoliciesService } from "./domain/policies/policies-service.js";
import { PollOptionsService } from "./domain/polls/poll-options-service.js";
import { PollVotesService } from "./domain/polls/poll-votes-service.js";
import { PollsService } from "./domain/polls/polls-service.js";
import { PresenceService } from "./domain/presence/presence-service.js";
import { ReactionsService } from "./domain/reactions/reactions-service.js";
import { ReadService } from "./domain/read-state/read-service.js";
import { SearchService } from "./domain/search/search-service.js";
import type { FileStore } from "./domain/uploads/file-store.js";
import { UploadsService } from "./domain/uploads/uploads-service.js";
import { UsersService } from "./domain/users/users-service.js";
import type { Store } from "./store/store.js";

export const SIGNIN_LIMIT_PER_USERNAME = 10;
export const SIGNIN_LIMIT_PER_IP = 30;
export const SIGNIN_WINDOW_MS = 15 * 60 * 1000;

export interface Services {
  tokens: ChatTokens;
  auth: ChatAuth;
  accounts: AccountsService;
  users: UsersService;
  types: ChannelTypes;
  channels: ChannelsService;
  directory: ChannelDirectory;
  messages: MessagesService;
  meta: MessageMetaService;
  reactions: ReactionsService;
  uploads: UploadsService;
  read: ReadService;
  moderation: ModerationService;
  policies: PoliciesService;
  presence: PresenceService;
  search: SearchService;
  polls: PollsService;
  pollOptions: PollOptionsService;
  pollVotes: PollVotesService;
}

/**
 * The domain, wired. `presence` answers who is online and how many watch a channel; the hub
 * provides it once it exists, hence the late-bound indirection.
 */
export function createServices(deps: {
  store: Store;
  /** Typing and presence: what the domain sends without a change (a change's events go through the store). */
  signals: SignalPort;
  clock: Clock;
  appKey: string;
  appSecret: string;
  files: FileStore;
  uploadMaxBytes: number;
  /** Makes the sign-in attempt counters: in memory on one node, in Redis across nodes. */
  limiter: (max: number, windowMs: number) => AttemptLimiter;
}): Services & { attachPresence(p: PresencePort): void } {
  const { store, signals, clock } = deps;
  let live: PresencePort = { isOnline: () => false, watcherCount: () => 0 };
  const presencePort: PresencePort = {
    isOnline: (id) => live.isOnline(id),
    watcherCount: (cid) => live.watcherCount(cid),
  };
  const tokens = chatTokens(deps.appSecret);
  const types = new ChannelTypes(store, clock);
  const users = new UsersService(store, types, presencePort, clock);
  const messages = new MessagesService(store, types, presencePort, clock, (keys) => {
    for (const key of keys) void deps.files.remove(key).catch(() => undefined);
  });
  const auth = new ChatAuth(deps.appKey, tokens, store, users);
  const presence = new PresenceService(store, types, signals, clock);
  presence.attach(presencePort);
  const pollDeps = { store, types, presence: presencePort, clock };
  return {
    tokens,
    auth,
    accounts: new AccountsService(
      store,
      auth,
      {
        perUsername: deps.limiter(SIGNIN_LIMIT_PER_USERNAME, SIGNIN_WINDOW_MS),
        perIp: deps.limiter(SIGNIN_LIMIT_PER_IP, SIGNIN_WINDOW_MS),
      },
      clock,
    ),
    users,
    types,
    channels: new ChannelsService(store, types, messages, presencePort, clock),
    directory: new ChannelDirectory(store, types),
    messages,
    meta: new MessageMetaService(store, types, messages, presencePort, clock),
    reactions: new ReactionsService(store, types, presencePort, clock),
    uploads: new UploadsService(store, types, deps.files, deps.uploadMaxBytes, clock),
    moderation: new ModerationService(store, types, messages, presencePort, clock),
    policies: new PoliciesService(types),
    read: new ReadService(store, types, presencePort, clock),
    presence,
    search: new SearchService(store, types, presencePort),
    polls: new PollsService(pollDeps),
    pollOptions: new PollOptionsService(pollDeps),
    pollVotes: new PollVotesService(pollDeps),
    attachPresence(p) {
      live = p;
    },
  };
}
