import type { ChannelStateSnapshot } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { formatBytes, plainText } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { channelDisplay, joinNames, previewText } from "../../src/chat/channel-display";
import { channelPath, parseChannelParam } from "../../src/chat/channel-route";
import { channelIdFromName } from "../../src/chat/create-channel";
import { anchorRows, FIRST_INDEX_BASE } from "../../src/chat/list-anchor";
import { notificationBody } from "../../src/chat/notifications";
import { badgeText, tabTitle } from "../../src/chat/tab-title";

const user = (id: string, name = id) => ({
  id,
  name,
  image: "",
  role: "user" as const,
  online: false,
  last_active: null,
  created_at: "",
});

describe("channel routes", () => {
  it("reads a cid or an id of the default messaging type", () => {
    expect(parseChannelParam("team:general")).toEqual({ type: "team", id: "general", cid: "team:general" });
    expect(parseChannelParam("general")).toEqual({
      type: "messaging",
      id: "general",
      cid: "messaging:general",
    });
    expect(parseChannelParam("!members-abc")?.cid).toBe("messaging:!members-abc");
    expect(parseChannelParam("bad id")).toBeNull();
    expect(parseChannelParam("x:")).toBeNull();
    expect(channelPath("team:general", "m1")).toBe("/c/team:general?thread=m1");
  });

  it("makes channel ids from names", () => {
    expect(channelIdFromName("Design Review!", () => 0)).toBe("design-review-000000");
    expect(channelIdFromName("Café crème", () => 0.5)).toMatch(/^cafe-creme-[a-z0-9]{6}$/);
    expect(channelIdFromName("!!!", () => 0)).toBe("channel-000000");
  });
});

describe("channel display", () => {
  const state = (over: Partial<ChannelStateSnapshot>): ChannelStateSnapshot =>
    ({ channel: undefined, members: {}, messages: [], ...over }) as ChannelStateSnapshot;
  const member = (id: string, name: string) => ({
    user_id: id,
    user: user(id, name),
    role: "channel_member" as const,
    created_at: "",
  });

  it("names a DM after the other people, a channel after itself", () => {
    const members = { ana: member("ana", "Ana"), bo: member("bo", "Bo"), cy: member("cy", "Cy") };
    const dm = state({
      members,
      channel: { cid: "messaging:!m", name: "", image: "", is_direct: true } as never,
    });
    expect(channelDisplay(dm, "ana").name).toBe("Bo and Cy");
    const named = state({
      members,
      channel: { cid: "messaging:x", name: "Launch", image: "", is_direct: false } as never,
    });
    expect(channelDisplay(named, "ana").name).toBe("Launch");
    expect(joinNames(["A", "B", "C", "D", "E"])).toBe("A, B and 3 others");
  });

  it("counts the people a list's preview does not name", () => {
    const members = { ana: member("ana", "Ana"), bo: member("bo", "Bo") };
    const group = (member_count: number) =>
      state({
        members,
        membership: { user_id: "ana" } as never,
        channel: { cid: "messaging:!g", name: "", image: "", is_direct: true, member_count } as never,
      });
    expect(channelDisplay(group(2), "ana").name).toBe("Bo");
    expect(channelDisplay(group(3), "ana").name).toBe("Bo and 1 other");
    expect(channelDisplay(group(6), "ana").name).toBe("Bo and 4 others");
    expect(joinNames(["A", "B", "C"], 3, 7)).toBe("A, B and 5 others");
  });

  it("previews the last message with its author, without markdown", () => {
    const m = {
      type: "regular",
      text: "> **Hi** `there`",
      user: user("bo", "Bo"),
      attachments: [],
    } as unknown as MessageResponse;
    expect(previewText(m, "ana", false)).toBe("Bo: Hi there");
    expect(previewText(m, "bo", false)).toBe("You: Hi there");
    expect(previewText(m, "ana", true)).toBe("Hi there");
    expect(previewText({ ...m, type: "deleted" }, "ana", false)).toBe("Message deleted");
    expect(previewText(undefined, "ana", false)).toBe("No messages yet");
    expect(plainText("see [the doc](https://x.y)\n- one")).toBe("see the doc one");
  });
});

describe("notifications", () => {
  const base = {
    type: "regular",
    text: "hi",
    user: user("bo"),
    mentioned_users: [],
    attachments: [],
  } as unknown as MessageResponse;

  it("the body is plain text with @names, shortened; or what was sent", () => {
    expect(notificationBody({ ...base, text: "x".repeat(200) })).toHaveLength(140);
    expect(notificationBody({ ...base, text: "**see** [the doc](https://x.y)" })).toBe("see the doc");
    const mention = { ...base, text: "hi @ana", mentioned_users: ["ana"] };
    expect(notificationBody(mention, (id) => (id === "ana" ? "Ana Lee" : undefined))).toBe("hi @Ana Lee");
    expect(notificationBody({ ...base, text: "", attachments: [{}] } as unknown as MessageResponse)).toBe(
      "Sent a file",
    );
  });
});

describe("small formats", () => {
  it("titles, badges and sizes", () => {
    expect(tabTitle("Chats · Parley", 0)).toBe("Chats · Parley");
    expect(tabTitle("Chats · Parley", 3)).toBe("(3) Chats · Parley");
    expect(badgeText(120)).toBe("99+");
    expect(formatBytes(532)).toBe("532 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
  });
});

describe("list anchor", () => {
  const rows = (keys: string[]) =>
    keys.map((key) => ({ kind: key.startsWith("day") ? "day" : "message", key }));

  it("lowers firstItemIndex by the rows inserted before the first message held", () => {
    const first = anchorRows(null, rows(["day-1", "m5", "m6"]));
    expect(first.firstItemIndex).toBe(FIRST_INDEX_BASE);
    // An older page of the same day: the separator moves up with it.
    const second = anchorRows(first, rows(["day-1", "m3", "m4", "m5", "m6"]));
    expect(second.firstItemIndex).toBe(FIRST_INDEX_BASE - 2);
    // A new message at the end changes nothing.
    const third = anchorRows(second, rows(["day-1", "m3", "m4", "m5", "m6", "m7"]));
    expect(third.firstItemIndex).toBe(second.firstItemIndex);
    // An older page of another day adds its separator too.
    const fourth = anchorRows(third, rows(["day-0", "m1", "m2", "day-1", "m3", "m4", "m5", "m6", "m7"]));
    expect(fourth.firstItemIndex).toBe(FIRST_INDEX_BASE - 2 - 3);
  });
});
