import type {
  AttachmentResponse,
  ChannelConfig,
  ChannelNotifyLevel,
  NotifyLevel,
  SystemEvent,
} from "@parley/protocol";
import type { Policy } from "../domain/policies/policy.js";
import type {
  AccountsTable,
  BansTable,
  ChannelsTable,
  ChannelTypesTable,
  EventsTable,
  FlagsTable,
  MembersTable,
  MessagesTable,
  MessageVersionsTable,
  NotificationSettingsTable,
  PushDeliveriesTable,
  PushSubscriptionsTable,
  ReactionsTable,
  SessionsTable,
  ThreadMembersTable,
  UploadsTable,
  UserMutesTable,
  UsersTable,
} from "./schema.js";

/*
 * The rows as the domain sees them: flags as booleans and JSON columns parsed, converted once by
 * the repos (kysely/row-values.ts). The tables' own formats are schema.ts's. Integer columns,
 * int8 included, arrive as numbers from both engines (postgres/pool.ts parses int8; better-sqlite3
 * answers numbers), so they need no converting.
 */

export type AccountRow = AccountsTable;
export type SessionRow = SessionsTable;
export type UserRow = UsersTable;
export type EventRow = EventsTable;
export type MessageVersionRow = MessageVersionsTable;
export type ReactionRow = ReactionsTable;
export type ThreadMemberRow = ThreadMembersTable;
export type UploadRow = UploadsTable;
export type FlagRow = FlagsTable;
export type UserMuteRow = UserMutesTable;
export type PushSubscriptionRow = PushSubscriptionsTable;
export type PushDeliveryRow = PushDeliveriesTable;

export interface NotificationSettingsRow
  extends Omit<NotificationSettingsTable, "default_level" | "email_verified" | "email_digest"> {
  default_level: NotifyLevel;
  email_verified: boolean;
  email_digest: boolean;
}

export interface ChannelTypeRow extends Omit<ChannelTypesTable, "config" | "policies"> {
  /** The settings the type sets; the others take the built-in defaults. */
  config: Partial<ChannelConfig>;
  /** Null means the type's built-in defaults. */
  policies: Policy[] | null;
}

export interface ChannelRow extends Omit<ChannelsTable, "is_direct"> {
  is_direct: boolean;
}

export interface MemberRow extends Omit<MembersTable, "hidden" | "muted" | "notify_level" | "starred"> {
  hidden: boolean;
  muted: boolean;
  starred: boolean;
  notify_level: ChannelNotifyLevel;
}

export interface MessageRow
  extends Omit<MessagesTable, "show_in_channel" | "mentioned_users" | "attachments" | "system"> {
  show_in_channel: boolean;
  mentioned_users: string[];
  attachments: AttachmentResponse[];
  system?: SystemEvent | null;
}

export interface BanRow extends Omit<BansTable, "shadow"> {
  shadow: boolean;
}
