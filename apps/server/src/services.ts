import { AccountAdminService } from "./domain/accounts/account-admin-service.js";
import { AccountsService } from "./domain/accounts/accounts-service.js";
import type { AttemptLimiter } from "./domain/accounts/attempt-limiter.js";
import { PasswordService } from "./domain/accounts/password-service.js";
import { SessionsService } from "./domain/accounts/sessions-service.js";
import { ChatAuth } from "./domain/auth/chat-auth.js";
import { type ChatTokens, chatTokens } from "./domain/auth/chat-tokens.js";
import { ChannelDirectory } from "./domain/channels/channel-directory.js";
import { ChannelTypes } from "./domain/channels/channel-types.js";
import { ChannelsService } from "./domain/channels/channels-service.js";
import type { Clock } from "./domain/clock.js";
import type { SignalPort } from "./domain/events.js";
import { InvitesService } from "./domain/invites/invites-service.js";
import { SignupService } from "./domain/invites/signup-service.js";
import { MessageMetaService } from "./domain/messages/message-meta-service.js";
import { MessagesService } from "./domain/messages/messages-service.js";
import { ModerationService } from "./domain/moderation/moderation-service.js";
import { NotificationsService } from "./domain/notifications/notifications-service.js";
import { type PushDevicesOptions, PushDevicesService } from "./domain/notifications/push-devices-service.js";
import { createSso, type SsoDeps } from "./domain/oidc/create-sso.js";
import type { SsoService } from "./domain/oidc/sso-service.js";
import { PoliciesService } from "./domain/policies/policies-service.js";
import { PollOptionsService } from "./domain/polls/poll-options-service.js";
import { PollVotesService } from "./domain/polls/poll-votes-service.js";
import { PollsService } from "./domain/polls/polls-service.js";
import { PresenceService } from "./domain/presence/presence-service.js";
import { ReactionsService } from "./domain/reactions/reactions-service.js";
import { ReadService } from "./domain/read-state/read-service.js";
import { ReceiptsService } from "./domain/read-state/receipts-service.js";
import { SearchService } from "./domain/search/search-service.js";
import { SettingsService } from "./domain/settings/settings-service.js";
import { ThreadsInboxService } from "./domain/threads/threads-inbox-service.js";
import { TwoFactorService } from "./domain/two-factor/two-factor-service.js";
import { TwoFactorSignin } from "./domain/two-factor/two-factor-signin.js";
import type { FileStore } from "./domain/uploads/file-store.js";
import { UploadsService } from "./domain/uploads/uploads-service.js";
import { UsersService } from "./domain/users/users-service.js";
import type { Store } from "./store/store.js";

export const SIGNIN_LIMIT_PER_USERNAME = 10;
export const SIGNIN_LIMIT_PER_IP = 30;
export const SIGNIN_WINDOW_MS = 15 * 60 * 1000;

export interface Services {
  sessions: SessionsService;
  accountAdmin: AccountAdminService;
  tokens: ChatTokens;
  auth: ChatAuth;
  accounts: AccountsService;
  passwords: PasswordService;
  users: UsersService;
  types: ChannelTypes;
  channels: ChannelsService;
  directory: ChannelDirectory;
  messages: MessagesService;
  meta: MessageMetaService;
  /** The threads inbox: threads the user takes part in. */
  threads: ThreadsInboxService;
  reactions: ReactionsService;
  uploads: UploadsService;
  read: ReadService;
  receipts: ReceiptsService;
  moderation: ModerationService;
  policies: PoliciesService;
  presence: PresenceService;
  search: SearchService;
  polls: PollsService;
  pollOptions: PollOptionsService;
  pollVotes: PollVotesService;
  notifications: NotificationsService;
  pushDevices: PushDevicesService;
  /** Run-time settings an admin edits (sign-up mode, …), cached per node. */
  settings: SettingsService;
  invites: InvitesService;
  /** Sign-up under the sign-up mode, and accounts admins create. */
  signup: SignupService;
  /** Two-factor sign-in as the account holder manages it, and the second step of sign-in. */
  twoFactor: TwoFactorService;
  twoFactorSignin: TwoFactorSignin;
  /** Single sign-on with OpenID Connect; undefined when OIDC_ISSUER is unset. */
  sso: SsoService | undefined;
}

/** The domain, wired. */
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
  push: PushDevicesOptions;
  /** Whether the server sends email (SMTP_URL is set). */
  emailAvailable: boolean;
  /** The origin links (password resets) point to: PUBLIC_URL. */
  publicUrl: string;
  /** Single sign-on, when configured. */
  sso?: SsoDeps | undefined;
}): Services {
  const { store, signals, clock } = deps;
  const tokens = chatTokens(deps.appSecret);
  const types = new ChannelTypes(store, clock);
  const users = new UsersService(store, types, clock);
  const messages = new MessagesService(store, types, clock, (keys) => {
    for (const key of keys) void deps.files.remove(key).catch(() => undefined);
  });
  const auth = new ChatAuth(deps.appKey, tokens, store, users);
  const presence = new PresenceService(store, types, signals, clock);
  const pollDeps = { store, types, clock };
  const accounts = new AccountsService(
    store,
    auth,
    {
      perUsername: deps.limiter(SIGNIN_LIMIT_PER_USERNAME, SIGNIN_WINDOW_MS),
      perIp: deps.limiter(SIGNIN_LIMIT_PER_IP, SIGNIN_WINDOW_MS),
    },
    clock,
  );
  const settings = new SettingsService(store, accounts, clock);
  const invites = new InvitesService(store, types, settings, accounts, clock, deps.publicUrl);
  // Wrong codes count like wrong sign-in passwords, on counters of their own.
  const twoFactor = new TwoFactorService(
    store,
    accounts,
    settings,
    {
      perUser: deps.limiter(SIGNIN_LIMIT_PER_USERNAME, SIGNIN_WINDOW_MS),
      perIp: deps.limiter(SIGNIN_LIMIT_PER_IP, SIGNIN_WINDOW_MS),
    },
    clock,
  );
  const twoFactorSignin = new TwoFactorSignin(store, accounts, twoFactor, clock);
  accounts.secondFactor = twoFactorSignin;
  const sso = deps.sso && createSso(deps.sso, store, accounts, auth, clock);
  return {
    sessions: new SessionsService(store, accounts, clock),
    accountAdmin: new AccountAdminService(store, accounts, clock),
    settings,
    invites,
    twoFactor,
    twoFactorSignin,
    sso,
    signup: new SignupService(store, accounts, settings, invites, types, clock, sso),
    tokens,
    auth,
    accounts,
    passwords: new PasswordService({
      store,
      accounts,
      clock,
      publicUrl: deps.publicUrl,
      byEmail: deps.emailAvailable,
      // Wrong current passwords count like wrong sign-in passwords.
      limits: {
        perUser: deps.limiter(SIGNIN_LIMIT_PER_USERNAME, SIGNIN_WINDOW_MS),
        perIp: deps.limiter(SIGNIN_LIMIT_PER_IP, SIGNIN_WINDOW_MS),
      },
    }),
    users,
    types,
    channels: new ChannelsService(store, types, messages, clock),
    directory: new ChannelDirectory(store, types),
    messages,
    meta: new MessageMetaService(store, types, messages, clock),
    threads: new ThreadsInboxService(store, types, clock),
    reactions: new ReactionsService(store, types, clock),
    uploads: new UploadsService(store, types, deps.files, deps.uploadMaxBytes, clock),
    moderation: new ModerationService(store, types, messages, clock),
    policies: new PoliciesService(types),
    read: new ReadService(store, types, clock),
    receipts: new ReceiptsService(store, types, clock),
    presence,
    search: new SearchService(store, types),
    polls: new PollsService(pollDeps),
    pollOptions: new PollOptionsService(pollDeps),
    pollVotes: new PollVotesService(pollDeps),
    notifications: new NotificationsService(store, types, clock, { email: deps.emailAvailable, push: true }),
    pushDevices: new PushDevicesService(store, clock, deps.push),
  };
}
