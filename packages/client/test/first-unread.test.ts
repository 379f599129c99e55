import type { MessagePagination, MessageResponse } from "@parley/protocol";
import { afterEach, describe, expect, test } from "vitest";
import { emptyChannelState, firstUnread } from "../src/index.js";
import { toLocalMessage } from "../src/messages.js";
import { connectedHarness } from "./client-harness.js";
import { channelState, FakeSocket, member, message } from "./fakes.js";

/** Messages m{from}..m{to} by `from` (seq = n). */
const history = (from: number, to: number, by = "alice"): MessageResponse[] =>
  Array.from({ length: to - from + 1 }, (_, i) => message(`m${from + i}`, by, from + i));

const membership = {
  ...member("bob"),
  muted: false,
  muted_until: null,
  hidden: false,
  notify_level: "default",
};

function holding(
  messages: MessageResponse[],
  unread: number,
  lastRead: string | null,
  more: { hasMoreOlder?: boolean; gapAfter?: string | null } = {},
) {
  return {
    ...emptyChannelState(),
    initialized: true,
    membership: membership as never,
    messages: messages.map((m) => toLocalMessage(m)),
    unreadCount: unread,
    hasMoreOlder: more.hasMoreOlder ?? true,
    gapAfter: more.gapAfter ?? null,
    read: {
      bob: {
        user_id: "bob",
        last_read: null,
        last_read_message_id: lastRead,
        unread_messages: unread,
        unread_mentions: 0,
      },
    },
  };
}

describe("the first unread message, from the member's own read state", () => {
  test("nothing unread: none", () => {
    expect(firstUnread(holding(history(1, 20), 0, "m20"), "bob")).toEqual({ kind: "none" });
  });

  test("the message after the last one read, when it is held", () => {
    expect(firstUnread(holding(history(1, 20), 5, "m15"), "bob")).toEqual({ kind: "held", id: "m16" });
  });

  test("own messages and system messages after the read position are skipped", () => {
    const messages = [
      ...history(1, 10),
      message("m11", "bob", 11),
      message("m12", "alice", 12, { type: "system" }),
      ...history(13, 15),
    ];
    expect(firstUnread(holding(messages, 3, "m10"), "bob")).toEqual({ kind: "held", id: "m13" });
  });

  test("without the read position held, counted back from the newest", () => {
    expect(firstUnread(holding(history(100, 200), 40, "m10"), "bob")).toEqual({ kind: "held", id: "m161" });
    expect(firstUnread(holding(history(100, 200), 40, null), "bob")).toEqual({ kind: "held", id: "m161" });
  });

  test("more unread than held: missing, to load around the last message read", () => {
    expect(firstUnread(holding(history(101, 200), 200, "m0"), "bob")).toEqual({
      kind: "missing",
      around: "m0",
    });
    expect(firstUnread(holding(history(101, 200), 200, null), "bob")).toEqual({
      kind: "missing",
      around: null,
    });
  });

  test("the whole history held: its oldest unread, even when the count is higher", () => {
    const state = holding(history(1, 30), 50, null, { hasMoreOlder: false });
    expect(firstUnread(state, "bob")).toEqual({ kind: "held", id: "m1" });
  });

  test("a window opened far back: the first unread after its read position", () => {
    const state = holding([...history(40, 60), ...history(900, 1000)], 900, "m50", { gapAfter: "m60" });
    expect(firstUnread(state, "bob")).toEqual({ kind: "held", id: "m51" });
  });

  test("not a member: none", () => {
    expect(firstUnread({ ...holding(history(1, 20), 5, "m15"), membership: null }, "bob")).toEqual({
      kind: "none",
    });
  });
});

describe("loadFirstUnread: history loaded back to the first unread", () => {
  afterEach(() => FakeSocket.reset());

  /** A client as bob, with a channel whose server holds m1..m{total}, bob read up to m{read}. */
  async function setup(total: number, read: number | null, pageSize = 10) {
    // Answers are not checked against the route table here: the fakes model only what paging reads.
    const h = await connectedHarness({ pageSize, validateAnswers: false });
    const all = history(1, total);
    const queries: MessagePagination[] = [];
    const pageOf = (p: MessagePagination | undefined): MessageResponse[] => {
      const limit = p?.limit ?? pageSize;
      const index = (id: string) => all.findIndex((m) => m.id === id);
      if (p?.id_around) {
        const at = index(p.id_around);
        return all.slice(Math.max(0, at - Math.ceil(limit / 2)), at + 1 + Math.floor(limit / 2));
      }
      if (p?.id_lt) return all.slice(Math.max(0, index(p.id_lt) - limit), index(p.id_lt));
      if (p?.id_gt) return all.slice(index(p.id_gt) + 1, index(p.id_gt) + 1 + limit);
      return all.slice(-limit);
    };
    h.http.routes.unshift({
      method: "POST",
      path: "/channels/messaging/general/query",
      handler: ({ body }) => {
        const pagination = (body as { messages?: MessagePagination }).messages;
        queries.push(pagination ?? {});
        const state = channelState("general", {
          messages: pageOf(pagination),
          unread: read === null ? total : total - read,
          lastSeq: total,
        });
        const lastRead = read === null ? null : `m${read}`;
        state.read = state.read.map((r) =>
          r.user_id === "bob" ? { ...r, last_read_message_id: lastRead } : r,
        );
        return { body: state };
      },
    });
    const channel = h.client.channel("messaging", "general");
    await channel.watch();
    queries.length = 0;
    return { channel, queries };
  }

  test("held already: no request", async () => {
    const { channel, queries } = await setup(50, 45);
    expect(channel.firstUnread()).toEqual({ kind: "held", id: "m46" });
    expect(await channel.loadFirstUnread()).toBe("m46");
    expect(queries).toEqual([]);
  });

  test("nothing unread: no request", async () => {
    const { channel, queries } = await setup(50, 50);
    expect(await channel.loadFirstUnread()).toBeNull();
    expect(queries).toEqual([]);
  });

  test("200 unread past the newest page: one window around the last message read, with a hole after it", async () => {
    const { channel, queries } = await setup(300, 100);
    expect(channel.firstUnread()).toEqual({ kind: "missing", around: "m100" });
    expect(await channel.loadFirstUnread()).toBe("m101");
    expect(queries).toEqual([{ id_around: "m100", limit: 10 }]);
    const ids = channel.state.messages.map((m) => m.id);
    expect(ids.slice(0, 11)).toEqual(history(95, 105).map((m) => m.id));
    expect(channel.state.gapAfter).toBe("m105");
    // Newer pages fill the hole up to the newest messages.
    while (channel.state.gapAfter) await channel.loadNewer();
    expect(channel.state.messages.map((m) => m.id)).toEqual(history(95, 300).map((m) => m.id));
  });

  test("no read position: older pages until the first unread is held", async () => {
    const { channel, queries } = await setup(25, null);
    expect(await channel.loadFirstUnread()).toBe("m1");
    expect(queries.every((q) => q.id_lt !== undefined)).toBe(true);
    expect(channel.state.gapAfter).toBeNull();
  });

  test("no read position and more unread than five pages reach: no request, nothing to open at", async () => {
    const { channel, queries } = await setup(60, null);
    expect(await channel.loadFirstUnread()).toBeNull();
    expect(queries).toEqual([]);
  });
});
