/**
 * Read receipts (docs/api.md "Read receipts"): the user's privacy setting, who has read a message
 * (on demand, for large channels), and where each member's read position falls in a channel's
 * messages. The positions are the channel state's `read`, which `message.read` events move live;
 * the server leaves out everyone who does not share them.
 */
import {
  INLINE_RECEIPTS_MAX_MEMBERS,
  type MessageReadersQuery,
  type MessageReadersResponse,
  type PrivacySettings,
  type UserResponse,
} from "@parley/protocol";
import type { RequestOptions, RestClient } from "./rest.js";
import type { ChannelStateSnapshot } from "./types.js";

export class Receipts {
  readonly #rest: Pick<RestClient, "call">;

  constructor(rest: Pick<RestClient, "call">) {
    this.#rest = rest;
  }

  async privacy(options?: RequestOptions): Promise<PrivacySettings> {
    return (await this.#rest.call("getPrivacySettings", undefined, options)).privacy;
  }

  /** Turns sharing the user's read receipts on or off; answers the settings. */
  async setSharing(share: boolean, options?: RequestOptions): Promise<PrivacySettings> {
    const body = { share_read_receipts: share };
    return (await this.#rest.call("updatePrivacySettings", { body }, options)).privacy;
  }

  /** A page of the members who have read message `id` (at it or later), by user id. */
  async readers(
    id: string,
    query: MessageReadersQuery = {},
    options?: RequestOptions,
  ): Promise<MessageReadersResponse> {
    return this.#rest.call("getMessageReaders", { params: { id }, query }, options);
  }
}

/** Whether a channel shows avatars at read positions (DMs and small channels) or a reader list. */
export function showsInlineReceipts(state: Pick<ChannelStateSnapshot, "channel">): boolean {
  const channel = state.channel;
  if (!channel) return false;
  return channel.is_direct || channel.member_count <= INLINE_RECEIPTS_MAX_MEMBERS;
}

/**
 * Each other member's read position as the id of the message it is at, among the messages held:
 * message id → user ids, the current user left out. A position at a message not held (a thread
 * reply, history not loaded) is left out too.
 */
export function readPositions(
  state: Pick<ChannelStateSnapshot, "messages" | "read" | "channel">,
  selfId: string | undefined,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (state.channel && !state.channel.config.read_events) return out;
  const held = new Set(state.messages.map((m) => m.id));
  for (const [userId, entry] of Object.entries(state.read)) {
    const at = entry.last_read_message_id;
    if (userId === selfId || !at || !held.has(at)) continue;
    const list = out.get(at);
    if (list) list.push(userId);
    else out.set(at, [userId]);
  }
  return out;
}

/** How many other members (of those the state holds) have read message `id` or a later one. */
export function readersAtOrAfter(
  state: Pick<ChannelStateSnapshot, "messages" | "read" | "channel">,
  id: string,
  selfId: string | undefined,
): number {
  const index = new Map(state.messages.map((m, i) => [m.id, i]));
  const from = index.get(id);
  if (from === undefined) return 0;
  let n = 0;
  for (const [message, users] of readPositions(state, selfId)) {
    if ((index.get(message) ?? -1) >= from) n += users.length;
  }
  return n;
}

/** What a message shows for read receipts: nothing, the readers at it, or a count of readers. */
export type MessageReceipts =
  | { kind: "none" }
  | { kind: "inline"; readers: UserResponse[] }
  | { kind: "count"; count: number };

type ReceiptsState = Pick<ChannelStateSnapshot, "messages" | "read" | "channel" | "members">;

interface ReceiptsView {
  selfId: string | undefined;
  positions: Map<string, string[]>;
  /** The newest held message some other member's position is at. */
  frontier: string | undefined;
}

// A snapshot is immutable, so its positions are worked out once for all of its messages.
const views = new WeakMap<ReceiptsState, ReceiptsView>();

function viewOf(state: ReceiptsState, selfId: string | undefined): ReceiptsView {
  const cached = views.get(state);
  if (cached && cached.selfId === selfId) return cached;
  const positions = readPositions(state, selfId);
  let frontier: string | undefined;
  for (let i = state.messages.length - 1; i >= 0 && frontier === undefined; i--) {
    const id = state.messages[i]!.id;
    if (positions.has(id)) frontier = id;
  }
  const view = { selfId, positions, frontier };
  views.set(state, view);
  return view;
}

/**
 * The receipts under one message. In DMs and small channels: the members whose position is this
 * message (its author left out), by name. In larger channels: under the newest message someone
 * has read only, how many have read it or later.
 */
export function messageReceipts(
  state: ReceiptsState,
  message: { id: string; user: { id: string } },
  selfId: string | undefined,
): MessageReceipts {
  const view = viewOf(state, selfId);
  if (!showsInlineReceipts(state)) {
    if (view.frontier !== message.id) return { kind: "none" };
    const count = readersAtOrAfter(state, message.id, selfId);
    return count === 0 ? { kind: "none" } : { kind: "count", count };
  }
  const readers = (view.positions.get(message.id) ?? [])
    .filter((id) => id !== message.user.id)
    .map((id) => state.members[id]?.user)
    .filter((u) => u !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
  return readers.length === 0 ? { kind: "none" } : { kind: "inline", readers };
}
