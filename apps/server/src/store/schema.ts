import type { Generated } from "kysely";

/**
 * The tables, shared by the SQLite and PostgreSQL adapters. Times are ISO-8601 UTC strings
 * (`Date#toISOString`, fixed width, so they sort as text on both engines); booleans are 0/1.
 */
export interface AccountsTable {
  id: string;
  display_name: string;
  profile_picture: string;
  password_hash: string;
  created_at: string;
  /** Set while the account may not sign in (migration 0016); its messages stay. */
  deactivated_at: string | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string;
  ip: string;
  last_seen_at: string | null;
  /** The `jti` of the chat token minted with this session: how its sockets are told apart. */
  chat_token_id: string | null;
}

export interface UsersTable {
  id: string;
  name: string;
  image: string;
  role: string;
  created_at: string;
  updated_at: string;
  last_active: string | null;
  deleted_at: string | null;
  deactivated_at: string | null;
  /** The user's status (migration 0023): null, or empty, when none. */
  status_emoji?: string | null;
  status_text?: string | null;
  status_expires_at?: string | null;
  /** A copy of `notification_settings.dnd_until`, kept with it, for rendering users. */
  dnd_until?: string | null;
}

export interface ChannelTypesTable {
  name: string;
  config: string;
  created_at: string;
  /** JSON array of policies; null means the type's built-in defaults. */
  policies: string | null;
}

export interface FlagsTable {
  message_id: string;
  user_id: string;
  cid: string;
  reason: string;
  created_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_result: string | null;
}

export interface BansTable {
  user_id: string;
  /** A cid, or "*" for an app-wide ban. */
  scope: string;
  reason: string;
  banned_by_id: string;
  created_at: string;
  expires_at: string | null;
  shadow: number;
}

export interface UserMutesTable {
  user_id: string;
  target_id: string;
  created_at: string;
}

export interface ChannelsTable {
  cid: string;
  type: string;
  id: string;
  name: string;
  image: string;
  created_by_id: string;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
  member_count: number;
  is_direct: number;
  deleted_at: string | null;
  truncated_at: string | null;
  truncated_seq: number;
  last_seq: number;
  /** One line under the channel's name (migration 0021); '' when none. */
  topic?: string;
}

export interface MembersTable {
  cid: string;
  user_id: string;
  role: string;
  created_at: string;
  hidden: number;
  muted: number;
  last_read_at: string | null;
  last_read_message_id: string | null;
  last_read_seq: number;
  /** `default`, `all`, `mentions` or `none` (migration 0015). */
  notify_level: string;
  /** When a mute ends by itself; null: until unmuted. */
  muted_until: string | null;
  /** 1 when the member starred the channel (a favourite, migration 0024). */
  starred: number;
}

export interface MessagesTable {
  id: string;
  cid: string;
  user_id: string;
  type: string;
  text: string;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  seq: number;
  parent_id: string | null;
  show_in_channel: number;
  reply_count: number;
  last_reply_at: string | null;
  /** JSON array of user ids. */
  mentioned_users: string;
  /** JSON array of attachment objects. */
  attachments: string;
  pinned_at: string | null;
  pinned_by_id: string | null;
  /** The poll this message carries (polls, migration 0003). */
  poll_id?: string | null;
  /** On a system message, the change it announces as JSON (migration 0021); null otherwise. */
  system?: string | null;
}

export interface MessageVersionsTable {
  message_id: string;
  version: number;
  text: string;
  user_id: string;
  created_at: string;
}

export interface ReactionsTable {
  message_id: string;
  user_id: string;
  type: string;
  created_at: string;
}

export interface MentionsTable {
  message_id: string;
  user_id: string;
  cid: string;
  seq: number;
}

export interface ThreadMembersTable {
  parent_id: string;
  user_id: string;
  cid: string;
  last_read_seq: number;
}

export interface UploadsTable {
  id: string;
  cid: string;
  user_id: string;
  message_id: string | null;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  storage_key: string;
  created_at: string;
  deleted_at: string | null;
}

export interface EventsTable {
  cid: string;
  seq: number;
  type: string;
  payload: string;
  created_at: string;
}

/** A poll; it lives in the channel of the message whose `poll_id` names it. Flags are 0/1. */
export interface PollsTable {
  id: string;
  name: string;
  description: string;
  voting_visibility: string;
  enforce_unique_vote: number;
  max_votes_allowed: number | null;
  allow_answers: number;
  allow_user_suggested_options: number;
  is_closed: number;
  created_by_id: string;
  created_at: string;
  updated_at: string;
}

export interface PollOptionsTable {
  id: string;
  poll_id: string;
  text: string;
  position: number;
  created_at: string;
}

/** A vote for an option, or (is_answer 1, option_id null) a free-text answer. */
export interface PollVotesTable {
  id: string;
  poll_id: string;
  option_id: string | null;
  user_id: string;
  is_answer: number;
  answer_text: string | null;
  created_at: string;
  updated_at: string;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

/** A user's notification settings; a user without a row has the defaults. Flags are 0/1. */
export interface NotificationSettingsTable {
  user_id: string;
  default_level: string;
  dnd_until: string | null;
  email: string | null;
  email_verified: number;
  /** SHA-256 of the pending verification link's token. */
  email_token_hash: string | null;
  email_token_expires_at: string | null;
  email_digest: number;
  email_delay_minutes: number;
  /** Digests cover mentions and DMs created after this time. */
  emailed_through: string | null;
  updated_at: string;
}

/** Password reset links (migration 0018): only the token's SHA-256 is stored. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  voided_at: string | null;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: string;
}

export interface NotifyQueueTable {
  message_id: string;
  cid: string;
  created_at: string;
}

export interface PushDeliveriesTable {
  message_id: string;
  subscription_id: string;
  /** The JSON push payload. */
  payload: string;
  attempts: number;
  next_at: string;
}

export interface WorkerLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** A user's privacy settings (migration 0022); no row: the defaults. */
export interface PrivacySettingsTable {
  user_id: string;
  /** 1 when others may see how far the user has read (read receipts). */
  share_read_receipts: number;
  updated_at: string;
}

/** Run-time settings (migration 0017): one JSON value per key. */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string;
}

/** Invite links (migration 0017): only each token's SHA-256 is stored; `channels` is a JSON array of cids. */
export interface InvitesTable {
  id: string;
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  max_uses: number;
  uses: number;
  revoked_at: string | null;
  channels: string;
}

/** Two-factor sign-in (migration 0019): the TOTP secret is stored as it is, it cannot be hashed. */
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  created_at: string;
  /** Null until a code of the secret confirmed it. */
  enabled_at: string | null;
  /** The last time step a code was accepted for (replays of it or older ones are refused). */
  last_step: number | null;
}

export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  /** SHA-256 of the normalized code. */
  code_hash: string;
  used_at: string | null;
}

export interface TwoFactorDevicesTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface TwoFactorChallengesTable {
  token_hash: string;
  user_id: string;
  kind: "verify" | "enrol";
  created_at: string;
  expires_at: string;
}

/** A provider identity that signs in to an account (migration 0020). */
export interface IdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
  last_login_at: string;
}

/** A single-sign-on ticket, keyed by the SHA-256 of its secret; `payload` is JSON. */
export interface SsoTicketsTable {
  hash: string;
  kind: "login" | "code" | "link";
  payload: string;
  expires_at: string;
}

export interface Database {
  accounts: AccountsTable;
  sessions: SessionsTable;
  users: UsersTable;
  channel_types: ChannelTypesTable;
  channels: ChannelsTable;
  members: MembersTable;
  messages: MessagesTable;
  events: EventsTable;
  revoked_tokens: RevokedTokensTable;
  message_versions: MessageVersionsTable;
  reactions: ReactionsTable;
  mentions: MentionsTable;
  thread_members: ThreadMembersTable;
  uploads: UploadsTable;
  flags: FlagsTable;
  bans: BansTable;
  user_mutes: UserMutesTable;
  polls: PollsTable;
  poll_options: PollOptionsTable;
  poll_votes: PollVotesTable;
  notification_settings: NotificationSettingsTable;
  password_resets: PasswordResetsTable;
  push_subscriptions: PushSubscriptionsTable;
  notify_queue: NotifyQueueTable;
  push_deliveries: PushDeliveriesTable;
  worker_leases: WorkerLeasesTable;
  identities: IdentitiesTable;
  sso_tickets: SsoTicketsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_devices: TwoFactorDevicesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  app_settings: AppSettingsTable;
  privacy_settings: PrivacySettingsTable;
  invites: InvitesTable;
  /** Kysely's own bookkeeping; listed so the type of `Generated` stays referenced for future tables. */
  _unused?: { id: Generated<number> };
}
