/**
 * The threads inbox's state as pure functions: the rows (`GET /chat/threads` pages) and the unread
 * replies per thread, changed by pages and by events. `threads-inbox.ts` holds it.
 */
import type { MessageResponse, ThreadChannel, ThreadSummary, UserResponse } from "@parley/protocol";
import { countsAsUnreadReply, THREAD_LATEST_REPLIES, THREAD_PARTICIPANTS_SHOWN } from "@parley/protocol";

export type ThreadsInboxStatus = "idle" | "loading" | "ready" | "error";

export interface ThreadsInboxSnapshot {
  /** The threads the user takes part in, newest reply first, as far as loaded. */
  readonly threads: readonly ThreadSummary[];
  readonly status: ThreadsInboxStatus;
  readonly error: Error | undefined;
  /** Whether the server has more threads after the last one loaded. */
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  /** Unread replies per thread parent id (every thread the SDK learned of, loaded or not). */
  readonly unread: Readonly<Record<string, number>>;
  /** The sum of `unread`: the unread thread replies of the client's unread state. */
  readonly totalUnread: number;
}

export const emptyInbox: ThreadsInboxSnapshot = {
  threads: [],
  status: "idle",
  error: undefined,
  hasMore: false,
  loadingMore: false,
  unread: {},
  totalUnread: 0,
};

const sum = (unread: Readonly<Record<string, number>>) => Object.values(unread).reduce((n, v) => n + v, 0);

/** Sets some threads' unread replies (0 drops the entry); the rows follow. */
export function withUnread(
  s: ThreadsInboxSnapshot,
  counts: Readonly<Record<string, number>>,
): ThreadsInboxSnapshot {
  const unread: Record<string, number> = { ...s.unread };
  for (const [id, n] of Object.entries(counts)) {
    if (n > 0) unread[id] = n;
    else delete unread[id];
  }
  const threads = s.threads.map((t) => {
    const n = unread[t.parent.id] ?? 0;
    return t.unread_replies === n ? t : { ...t, unread_replies: n };
  });
  return { ...s, unread, threads, totalUnread: sum(unread) };
}

/** `GET /unread`'s thread entries: every thread with unread replies, so the map is replaced. */
export function withServerUnread(
  s: ThreadsInboxSnapshot,
  threads: readonly { parent_id: string; unread_replies: number }[],
): ThreadsInboxSnapshot {
  const counts: Record<string, number> = Object.fromEntries(Object.keys(s.unread).map((id) => [id, 0]));
  for (const t of threads) counts[t.parent_id] = t.unread_replies;
  return withUnread(s, counts);
}

const newestFirst = (a: ThreadSummary, b: ThreadSummary) =>
  b.last_reply_at.localeCompare(a.last_reply_at) || b.parent.id.localeCompare(a.parent.id);

/** A page of the inbox: the first replaces the rows, a later one adds those not held. */
export function withPage(
  s: ThreadsInboxSnapshot,
  page: readonly ThreadSummary[],
  hasMore: boolean,
  first: boolean,
): ThreadsInboxSnapshot {
  const held = first ? [] : s.threads;
  const ids = new Set(held.map((t) => t.parent.id));
  const threads = [...held, ...page.filter((t) => !ids.has(t.parent.id))];
  const next = { ...s, threads, hasMore, status: "ready" as const, error: undefined, loadingMore: false };
  return withUnread(next, Object.fromEntries(page.map((t) => [t.parent.id, t.unread_replies])));
}

/** Whether `userId` takes part in the thread of `parent` (wrote it or a reply). */
export function takesPart(parent: MessageResponse, userId: string): boolean {
  return parent.user.id === userId || parent.thread_participants.includes(userId);
}

function withParticipant(users: readonly UserResponse[], user: UserResponse): readonly UserResponse[] {
  if (users.some((u) => u.id === user.id) || users.length >= THREAD_PARTICIPANTS_SHOWN) return users;
  return [...users, user];
}

/** A reply reached a held row: its newest replies, time, participants; the row moves up. */
export function withReplyInRow(s: ThreadsInboxSnapshot, reply: MessageResponse): ThreadsInboxSnapshot {
  const row = s.threads.find((t) => t.parent.id === reply.parent_id);
  if (!row || row.latest_replies.some((r) => r.id === reply.id)) return s;
  // The participant count follows with `thread.updated`, which carries the parent's participants.
  const updated: ThreadSummary = {
    ...row,
    latest_replies: [...row.latest_replies, reply].slice(-THREAD_LATEST_REPLIES),
    last_reply_at: reply.created_at > row.last_reply_at ? reply.created_at : row.last_reply_at,
    participants: [...withParticipant(row.participants, reply.user)],
  };
  return { ...s, threads: s.threads.map((t) => (t === row ? updated : t)).sort(newestFirst) };
}

/** `thread.updated`: the parent's summary (reply count, last reply, participants) in its row. */
export function withParentInRow(s: ThreadsInboxSnapshot, parent: MessageResponse): ThreadsInboxSnapshot {
  const row = s.threads.find((t) => t.parent.id === parent.id);
  if (!row) return s;
  const updated: ThreadSummary = {
    ...row,
    parent,
    reply_count: parent.reply_count,
    last_reply_at:
      parent.last_reply_at && parent.last_reply_at > row.last_reply_at
        ? parent.last_reply_at
        : row.last_reply_at,
    participant_count: Math.max(
      row.participant_count,
      new Set([parent.user.id, ...parent.thread_participants]).size,
    ),
  };
  return { ...s, threads: s.threads.map((t) => (t === row ? updated : t)).sort(newestFirst) };
}

/** A thread the user just took part in (or one not loaded yet) becomes a row, in its place by time. */
export function withNewRow(
  s: ThreadsInboxSnapshot,
  parent: MessageResponse,
  channel: ThreadChannel,
  replies: readonly MessageResponse[],
): ThreadsInboxSnapshot {
  if (s.threads.some((t) => t.parent.id === parent.id)) return s;
  const users = [parent.user, ...replies.map((r) => r.user)].reduce<readonly UserResponse[]>(
    withParticipant,
    [],
  );
  const row: ThreadSummary = {
    parent,
    channel,
    reply_count: parent.reply_count,
    last_reply_at: parent.last_reply_at ?? replies.at(-1)?.created_at ?? parent.created_at,
    latest_replies: replies.slice(-THREAD_LATEST_REPLIES),
    participants: [...users],
    participant_count: new Set([parent.user.id, ...parent.thread_participants]).size,
    unread_replies: s.unread[parent.id] ?? 0,
  };
  // A row older than the last one loaded belongs to a page not loaded yet.
  const last = s.threads.at(-1);
  if (s.hasMore && last && newestFirst(row, last) > 0) return s;
  return { ...s, threads: [...s.threads, row].sort(newestFirst) };
}

/** A message changed (edit, deletion): its copy as a parent or a newest reply follows. */
export function withMessageInRows(s: ThreadsInboxSnapshot, message: MessageResponse): ThreadsInboxSnapshot {
  let changed = false;
  const threads = s.threads.map((t) => {
    if (t.parent.id === message.id) {
      changed = true;
      return { ...t, parent: message };
    }
    if (!t.latest_replies.some((r) => r.id === message.id)) return t;
    changed = true;
    return { ...t, latest_replies: t.latest_replies.map((r) => (r.id === message.id ? message : r)) };
  });
  return changed ? { ...s, threads } : s;
}

/** The user lost a channel (left, removed, deleted): its threads leave the inbox and the total. */
export function withoutChannel(
  s: ThreadsInboxSnapshot,
  cid: string,
  parentIds: readonly string[],
): ThreadsInboxSnapshot {
  const gone = new Set([
    ...parentIds,
    ...s.threads.filter((t) => t.channel.cid === cid).map((t) => t.parent.id),
  ]);
  const next = { ...s, threads: s.threads.filter((t) => t.channel.cid !== cid) };
  return withUnread(next, Object.fromEntries([...gone].map((id) => [id, 0])));
}

/** Whether a reply counts as unread for the user, given a parent that says they take part. */
export const isUnreadReply = (reply: MessageResponse, parent: MessageResponse, userId: string) =>
  countsAsUnreadReply(reply, parent, userId);
