/**
 * Rows and small setups for exercising a Store: shared by the store tests, the contract suite
 * every adapter must pass (apps/server/test/store/contract/) and the benchmarks (bench/), which
 * import it from here. No server code imports it, so it is never part of the build.
 */
import type {
  AccountRow,
  ChannelRow,
  MemberRow,
  MessageRow,
  Repos,
  SessionRow,
  Store,
  UserRow,
} from "../store.js";

/** What each part of the contract gets: the store, opened once for the whole suite. */
export interface ContractContext {
  readonly store: Store;
}

export const TYPE = "contract";
export const OTHER_TYPE = "contract_other";

let counter = 0;

/** A fresh lower-case id, so the suite can share one database with other runs and tests. */
export function fresh(prefix = "x"): string {
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${rand}`;
}

/** A fixed-width ISO time `sec` seconds after 2024-01-01, or after `base`. */
export function at(sec: number, base = Date.UTC(2024, 0, 1)): string {
  return new Date(base + sec * 1000).toISOString();
}

export function accountRow(over: Partial<AccountRow> = {}): AccountRow {
  return {
    id: fresh("a"),
    display_name: "Ada Lovelace",
    profile_picture: "",
    password_hash: "scrypt$salt$hash",
    created_at: at(0),
    deactivated_at: null,
    ...over,
  };
}

export function sessionRow(userId: string, over: Partial<SessionRow> = {}): SessionRow {
  return {
    token_hash: fresh("t"),
    user_id: userId,
    created_at: at(0),
    expires_at: at(86_400),
    revoked_at: null,
    user_agent: "",
    ip: "",
    last_seen_at: at(0),
    chat_token_id: null,
    ...over,
  };
}

export async function addUser(store: Repos, over: Partial<UserRow> = {}): Promise<UserRow> {
  return store.users.upsert({
    id: over.id ?? fresh("u"),
    name: over.name ?? "User",
    image: over.image ?? "",
    role: over.role ?? "user",
    created_at: over.created_at ?? at(0),
    updated_at: over.updated_at ?? at(0),
  });
}

export async function ensureTypes(store: Repos): Promise<void> {
  for (const name of [TYPE, OTHER_TYPE]) {
    if (!(await store.channelTypes.get(name))) {
      await store.channelTypes.put({ name, config: {}, created_at: at(0), policies: null });
    }
  }
}

export function channelRow(over: Partial<ChannelRow> = {}): ChannelRow {
  const type = over.type ?? TYPE;
  const id = over.id ?? fresh("c");
  return {
    cid: `${type}:${id}`,
    type,
    id,
    name: "",
    image: "",
    created_by_id: "creator",
    created_at: at(0),
    updated_at: at(0),
    last_message_at: null,
    member_count: 0,
    is_direct: false,
    deleted_at: null,
    truncated_at: null,
    truncated_seq: 0,
    last_seq: 0,
    topic: "",
    ...over,
  };
}

export async function addChannel(store: Repos, over: Partial<ChannelRow> = {}): Promise<ChannelRow> {
  await ensureTypes(store);
  const row = channelRow(over);
  await store.channels.insert(row);
  return row;
}

export function memberRow(cid: string, userId: string, over: Partial<MemberRow> = {}): MemberRow {
  return {
    cid,
    user_id: userId,
    role: "channel_member",
    created_at: at(0),
    hidden: false,
    muted: false,
    last_read_at: null,
    last_read_message_id: null,
    last_read_seq: 0,
    notify_level: "default",
    muted_until: null,
    starred: false,
    ...over,
  };
}

export function messageRow(
  cid: string,
  userId: string,
  seq: number,
  over: Partial<MessageRow> = {},
): MessageRow {
  return {
    id: fresh("m"),
    cid,
    user_id: userId,
    type: "regular",
    text: `message ${seq}`,
    created_at: at(seq),
    updated_at: at(seq),
    edited_at: null,
    deleted_at: null,
    seq,
    parent_id: null,
    show_in_channel: false,
    reply_count: 0,
    last_reply_at: null,
    mentioned_users: [],
    attachments: [],
    pinned_at: null,
    pinned_by_id: null,
    poll_id: null,
    ...over,
  };
}

/** Inserts messages with seqs 1..n from `userId` and moves the channel's last_seq to n. */
export async function addMessages(
  store: Repos,
  cid: string,
  userId: string,
  n: number,
): Promise<MessageRow[]> {
  const rows: MessageRow[] = [];
  for (let seq = 1; seq <= n; seq++) {
    const row = messageRow(cid, userId, seq);
    await store.messages.insert(row);
    rows.push(row);
  }
  await store.channels.update(cid, { last_seq: n });
  return rows;
}

/**
 * Starts one call per callback of the same event-loop turn, as requests whose I/O became ready
 * together do (SQLite's group commit runs their transactions as one batch), and answers how each
 * settled.
 */
export function inOneTurn(fns: Array<() => Promise<unknown>>): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled(fns.map((fn) => new Promise((resolve) => setImmediate(() => resolve(fn())))));
}

/** How the transactions of `messageWritesInOneTurn` settle, in order. */
export const MESSAGE_WRITES_SETTLE = ["fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled"];

/**
 * Transactions started in one event-loop turn that write messages in every way an index must
 * follow: insert `a`, then rename it to `renamed`; insert `b` and mark it deleted; insert `c` and
 * fail; rename the stored `d` to `redone`. Answers how each settled (`MESSAGE_WRITES_SETTLE`).
 */
export function messageWritesInOneTurn(
  store: Store,
  [a, b, c, d]: readonly [MessageRow, MessageRow, MessageRow, MessageRow],
  renamed: string,
  redone: string,
): Promise<PromiseSettledResult<unknown>[]> {
  return inOneTurn([
    () => store.transaction((tx) => tx.messages.insert(a)),
    () => store.transaction((tx) => tx.messages.update(a.id, { text: renamed })),
    () =>
      store.transaction(async (tx) => {
        await tx.messages.insert(b);
        await tx.messages.update(b.id, { type: "deleted" });
      }),
    () =>
      store.transaction(async (tx) => {
        await tx.messages.insert(c);
        throw new Error("undone");
      }),
    () => store.transaction((tx) => tx.messages.update(d.id, { text: redone })),
  ]);
}
