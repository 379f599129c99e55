import { describe, expect, test } from "vitest";
import { emptyChannelState, hasSidebarUnread, sidebarSections } from "../src/index.js";
import type { ChannelStateSnapshot } from "../src/types.js";

function listed(
  cid: string,
  o: { starred?: boolean; direct?: boolean; unread?: number; muted?: boolean; mutedUntil?: string } = {},
) {
  const state = {
    ...emptyChannelState(),
    channel: { cid, is_direct: o.direct ?? false },
    membership: { starred: o.starred ?? false, muted: o.muted ?? false, muted_until: o.mutedUntil ?? null },
    unreadCount: o.unread ?? 0,
  } as unknown as ChannelStateSnapshot;
  return { cid, state };
}

const ids = (sections: ReturnType<typeof sidebarSections>) =>
  Object.fromEntries(sections.map((s) => [s.id, s.channels.map((c) => c.cid)]));

describe("sidebar sections", () => {
  const list = [
    listed("a"),
    listed("b", { direct: true, unread: 2 }),
    listed("c", { starred: true }),
    listed("d", { unread: 1 }),
    listed("e", { direct: true, starred: true, unread: 3 }),
    listed("f", { unread: 4, muted: true }),
  ];

  test("favourites (starred, direct or not) lead, then channels, then direct messages, in list order", () => {
    expect(ids(sidebarSections(list))).toEqual({
      favourites: ["c", "e"],
      channels: ["a", "d", "f"],
      direct: ["b"],
    });
  });

  test("unread first moves unread channels to the top of each section; muted ones do not count", () => {
    expect(ids(sidebarSections(list, { unreadFirst: true }))).toEqual({
      favourites: ["e", "c"],
      channels: ["d", "a", "f"],
      direct: ["b"],
    });
  });

  test("a timed mute that has ended counts again", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    const ended = listed("g", { unread: 1, muted: true, mutedUntil: "2030-01-01T11:00:00Z" });
    const running = listed("h", { unread: 1, muted: true, mutedUntil: "2030-01-01T13:00:00Z" });
    expect(hasSidebarUnread(ended.state, now)).toBe(true);
    expect(hasSidebarUnread(running.state, now)).toBe(false);
  });
});
