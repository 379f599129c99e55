import { groupBy } from "../../../src/lib/group-by.js";
import type { Db } from "../support/db.js";

export interface Recount {
  /** Unread per channel the user is a member of (live channels only). */
  channels: Map<string, number>;
  /** Mentions of the user not read yet, per channel. */
  mentions: Map<string, number>;
  /** Sum over the channels not muted. */
  total: number;
}

interface MemberRow {
  cid: string;
  user_id: string;
  last_read_seq: number;
  muted: number;
}
interface MessageRow {
  id: string;
  cid: string;
  user_id: string;
  type: string;
  seq: number;
  parent_id: string | null;
  show_in_channel: number;
}

/**
 * The unread counts recounted from the raw rows, in plain TypeScript (not the server's SQL), by
 * the rule of docs/architecture.md: messages by others after the member's `last_read_seq` (and
 * after the channel's truncation), regular (not deleted), visible in the channel (not a thread
 * reply unless also sent to the channel); the total leaves muted channels out. Mentions: the
 * user's mentions after `last_read_seq` in regular messages by others.
 */
export function recount(db: Db, userIds: readonly string[]): Map<string, Recount> {
  const channels = new Map(
    (
      db.prepare("select cid, truncated_seq, deleted_at from channels").all() as {
        cid: string;
        truncated_seq: number;
        deleted_at: string | null;
      }[]
    ).map((c) => [c.cid, c]),
  );
  const members = db.prepare("select cid, user_id, last_read_seq, muted from members").all() as MemberRow[];
  // Only the rows past the least-read member of their channel can count for anyone: the rest are
  // left in the store, so a step's recount does not grow with the whole history.
  const past = (table: string, columns: string) =>
    `select ${columns} from (select cid, min(last_read_seq) as seq from members group by cid) r
     join ${table} x on x.cid = r.cid and x.seq > r.seq`;
  const messages = db
    .prepare(past("messages", "x.id, x.cid, x.user_id, x.type, x.seq, x.parent_id, x.show_in_channel"))
    .all() as MessageRow[];
  const mentions = db.prepare(past("mentions", "x.message_id, x.user_id, x.cid, x.seq")).all() as {
    message_id: string;
    user_id: string;
    cid: string;
    seq: number;
  }[];
  const byId = new Map(messages.map((m) => [m.id, m]));
  const inChannel = groupBy(messages, (m) => m.cid);
  const mentionsIn = groupBy(mentions, (m) => `${m.user_id} ${m.cid}`);
  const out = new Map<string, Recount>();
  for (const userId of userIds) {
    const r: Recount = { channels: new Map(), mentions: new Map(), total: 0 };
    for (const m of members.filter((x) => x.user_id === userId)) {
      const ch = channels.get(m.cid);
      if (!ch || ch.deleted_at) continue;
      const after = Math.max(Number(m.last_read_seq), Number(ch.truncated_seq));
      const n = (inChannel.get(m.cid) ?? []).filter(
        (x) =>
          Number(x.seq) > after &&
          x.user_id !== userId &&
          x.type === "regular" &&
          (x.parent_id === null || x.show_in_channel === 1),
      ).length;
      r.channels.set(m.cid, n);
      if (!m.muted) r.total += n;
      const mentioned = (mentionsIn.get(`${userId} ${m.cid}`) ?? []).filter((x) => {
        const message = byId.get(x.message_id);
        return Number(x.seq) > after && message?.type === "regular" && message.user_id !== userId;
      }).length;
      r.mentions.set(m.cid, mentioned);
    }
    out.set(userId, r);
  }
  return out;
}
