import type { ChannelNotifyLevel, NotifyLevel } from "@parley/protocol";
import type { PollRow, PollVoteRow } from "../poll-store.js";
import type {
  BanRow,
  ChannelRow,
  ChannelTypeRow,
  MemberRow,
  MessageRow,
  NotificationSettingsRow,
} from "../rows.js";
import type {
  BansTable,
  ChannelsTable,
  ChannelTypesTable,
  MembersTable,
  MessagesTable,
  NotificationSettingsTable,
  PollsTable,
  PollVotesTable,
} from "../schema.js";

/*
 * Each table's rows as the domain sees them (store/rows.ts) and back: `…Of` reads a stored row,
 * `…Columns` writes a row, or a patch of one, in the table's formats.
 */

/** A flag as stored: 0 or 1. */
export const bit = (on: boolean): number => (on ? 1 : 0);

/** A stored JSON array; `[]`, what most rows hold, without parsing it. */
const listOf = <T>(text: string): T[] => (text === "[]" ? [] : (JSON.parse(text) as T[]));

const policiesColumn = (policies: ChannelTypeRow["policies"]) =>
  policies === null ? null : JSON.stringify(policies);

interface Writer<R, T> {
  (row: R): T;
  (patch: Partial<R>): Partial<T>;
}

/** Writes rows of `R` as `T`: the fields `encode` names converted, a patch's absent ones left out. */
function writer<R, T>(encode: { [K in keyof R & keyof T]?: (value: R[K]) => T[K] }): Writer<R, T> {
  const fields = Object.keys(encode) as (keyof R & keyof T)[];
  return ((row: Partial<R>) => {
    const out: Record<string, unknown> = { ...row };
    for (const f of fields) {
      const value = row[f];
      if (value !== undefined) out[f as string] = encode[f]!(value as R[typeof f]);
    }
    return out;
  }) as Writer<R, T>;
}

export const channelOf = (r: ChannelsTable): ChannelRow => ({ ...r, is_direct: r.is_direct === 1 });

export const channelColumns = writer<ChannelRow, ChannelsTable>({ is_direct: bit });

export const memberOf = (r: MembersTable): MemberRow => ({
  ...r,
  hidden: r.hidden === 1,
  muted: r.muted === 1,
  notify_level: r.notify_level as ChannelNotifyLevel,
  starred: r.starred === 1,
});

export const memberColumns = writer<MemberRow, MembersTable>({ hidden: bit, muted: bit, starred: bit });

export const messageOf = (r: MessagesTable): MessageRow => ({
  ...r,
  show_in_channel: r.show_in_channel === 1,
  mentioned_users: listOf(r.mentioned_users),
  attachments: listOf(r.attachments),
  system: r.system ? (JSON.parse(r.system) as MessageRow["system"]) : undefined,
});

export const messageColumns = writer<MessageRow, MessagesTable>({
  show_in_channel: bit,
  mentioned_users: JSON.stringify,
  attachments: JSON.stringify,
  system: (v) => (v ? JSON.stringify(v) : null),
});

export const channelTypeOf = (r: ChannelTypesTable): ChannelTypeRow => ({
  ...r,
  config: JSON.parse(r.config) as ChannelTypeRow["config"],
  policies: r.policies ? (JSON.parse(r.policies) as ChannelTypeRow["policies"]) : null,
});

export const channelTypeColumns = writer<ChannelTypeRow, ChannelTypesTable>({
  config: JSON.stringify,
  policies: policiesColumn,
});

export const banOf = (r: BansTable): BanRow => ({ ...r, shadow: r.shadow === 1 });

export const banColumns = writer<BanRow, BansTable>({ shadow: bit });

const POLL_FLAGS = [
  "enforce_unique_vote",
  "allow_answers",
  "allow_user_suggested_options",
  "is_closed",
] as const;

export const pollOf = (r: PollsTable): PollRow => {
  const poll: Record<string, unknown> = { ...r };
  for (const flag of POLL_FLAGS) poll[flag] = r[flag] === 1;
  return poll as unknown as PollRow;
};

export const pollColumns = writer<PollRow, PollsTable>(Object.fromEntries(POLL_FLAGS.map((f) => [f, bit])));

export const voteOf = (r: PollVotesTable): PollVoteRow => ({ ...r, is_answer: r.is_answer === 1 });

export const voteColumns = writer<PollVoteRow, PollVotesTable>({ is_answer: bit });

export const notificationSettingsOf = (r: NotificationSettingsTable): NotificationSettingsRow => ({
  ...r,
  default_level: r.default_level as NotifyLevel,
  email_verified: r.email_verified === 1,
  email_digest: r.email_digest === 1,
});

export const notificationSettingsColumns = writer<NotificationSettingsRow, NotificationSettingsTable>({
  email_verified: bit,
  email_digest: bit,
});
