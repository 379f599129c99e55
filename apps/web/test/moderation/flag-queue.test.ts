import type { ChannelStateSnapshot, FlagView } from "@parley/client";
import type { AppCapability, BanResponse, MessageResponse, UserResponse } from "@parley/protocol";
import { describe, expect, test } from "vitest";
import { withBan, withoutBan } from "../../src/moderation/bans-store";
import {
  flaggerNames,
  flagReasons,
  groupFlags,
  withFlags,
  withReview,
} from "../../src/moderation/flag-queue";
import {
  canBanAuthor,
  canFlag,
  canModerateDelete,
  canReviewFlags,
  isBannable,
  isMutedAuthor,
} from "../../src/moderation/roles";

const user = (id: string, role: UserResponse["role"] = "user"): UserResponse => ({
  id,
  name: id.toUpperCase(),
  image: "",
  role,
  online: false,
  last_active: null,
  created_at: "",
});

const message = (id: string, author = "ana", type: MessageResponse["type"] = "regular") =>
  ({ id, cid: "messaging:general", type, text: `text ${id}`, user: user(author) }) as MessageResponse;

const flag = (messageId: string, by: string, at: string, reason = ""): FlagView => ({
  message_id: messageId,
  cid: "messaging:general",
  user_id: by,
  user: user(by),
  reason,
  created_at: at,
  reviewed_by: null,
  reviewed_at: null,
  review_result: null,
  message: message(messageId),
});

describe("flag queue", () => {
  test("flags are grouped per message with every flagger and reason", () => {
    const groups = groupFlags([
      flag("m1", "bob", "2", "Spam"),
      flag("m1", "cy", "3", "Spam"),
      flag("m2", "bob", "1"),
    ]);
    expect(groups.map((g) => g.message_id)).toEqual(["m2", "m1"]);
    expect(flaggerNames(groups[1]!)).toEqual(["BOB", "CY"]);
    expect(flagReasons(groups[1]!)).toEqual(["Spam"]);
  });

  test("unreviewed messages come first, then the newest reviews", () => {
    let list = [flag("m1", "bob", "1"), flag("m2", "bob", "2"), flag("m3", "bob", "3")];
    list = withReview(list, "m1", { reviewed_by: "mo", review_result: "keep", reviewed_at: "5" });
    list = withReview(list, "m3", { reviewed_by: "mo", review_result: "remove", reviewed_at: "6" });
    const groups = groupFlags(list);
    expect(groups.map((g) => [g.message_id, g.reviewed])).toEqual([
      ["m2", false],
      ["m3", true],
      ["m1", true],
    ]);
    expect(groups[1]).toMatchObject({ reviewed_by: "mo", review_result: "remove" });
  });

  test("a removal marks the message deleted", () => {
    const list = withReview([flag("m1", "bob", "1")], "m1", {
      reviewed_by: "mo",
      review_result: "remove",
      reviewed_at: "2",
    });
    expect(list[0]?.message?.type).toBe("deleted");
  });

  test("a new flag (message.flagged) is added; the same flagger again replaces theirs", () => {
    let list = withFlags([], [flag("m1", "bob", "1", "Spam")]);
    list = withFlags(list, [flag("m1", "bob", "1", "Harassment")]);
    list = withFlags(list, [flag("m1", "cy", "2")]);
    expect(list.map((f) => [f.user_id, f.reason])).toEqual([
      ["bob", "Harassment"],
      ["cy", ""],
    ]);
  });

  test("a copy without the message or flagger keeps what was held", () => {
    const held = flag("m1", "bob", "1");
    const bare = { ...held, message: null, user: undefined, reviewed_by: "mo" };
    const [merged] = withFlags([held], [bare]);
    expect(merged?.message?.id).toBe("m1");
    expect(merged?.user?.id).toBe("bob");
    expect(merged?.reviewed_by).toBe("mo");
  });
});

describe("bans list", () => {
  const ban = (userId: string, cid: string | null = null): BanResponse => ({
    user_id: userId,
    cid,
    reason: "",
    banned_by_id: "mo",
    created_at: "",
    expires_at: null,
  });

  test("user.banned adds at the top (replacing the same ban); user.unbanned removes", () => {
    let bans = withBan([ban("a")], ban("b"));
    bans = withBan(bans, ban("a"));
    expect(bans.map((b) => b.user_id)).toEqual(["a", "b"]);
    expect(withoutBan(bans, { user_id: "a", cid: null }).map((b) => b.user_id)).toEqual(["b"]);
    expect(withoutBan(bans, { user_id: "a", cid: "messaging:x" })).toHaveLength(2);
  });
});

describe("who sees which moderation action", () => {
  const me = (...capabilities: AppCapability[]) => ({ id: "me", capabilities });
  // a channel's capabilities, as the server answers them for a member and for its moderators
  const member = { capabilities: { any: ["ReadChannel", "FlagMessage"], own: ["DeleteMessage"] } };
  const moderator = { capabilities: { any: ["ReadChannel", "FlagMessage", "DeleteMessage"], own: [] } };
  const state = (s: { capabilities: { any: string[]; own: string[] } }) =>
    s as unknown as ChannelStateSnapshot;

  test("flag someone else's live message where the policies allow flagging", () => {
    expect(canFlag(message("m", "ana"), me(), state(member))).toBe(true);
    expect(canFlag(message("m", "me"), me(), state(member))).toBe(false);
    expect(canFlag(message("m", "ana", "deleted"), me(), state(member))).toBe(false);
    expect(canFlag(message("m", "ana"), me(), state({ capabilities: { any: [], own: [] } }))).toBe(false);
  });

  test("delete others' messages only where the capabilities allow deleting any", () => {
    expect(canModerateDelete(message("m"), me(), state(member))).toBe(false);
    expect(canModerateDelete(message("m"), me(), state(moderator))).toBe(true);
    expect(canModerateDelete(message("m", "me"), me(), state(moderator))).toBe(false);
    expect(canModerateDelete(message("m"), me(), undefined)).toBe(false);
  });

  test("review flags and ban by the user's app capabilities, and never ban an admin", () => {
    expect(canReviewFlags(me("ReviewFlags", "BanUser"))).toBe(true);
    expect(canReviewFlags(me())).toBe(false);
    expect(canBanAuthor(message("m"), me("BanUser"))).toBe(true);
    expect(canBanAuthor(message("m"), me())).toBe(false);
    const byAdmin = { ...message("m"), user: user("root", "admin") };
    expect(canBanAuthor(byAdmin, me("BanUser"))).toBe(false);
    expect(isBannable(user("x", "moderator"))).toBe(true);
  });

  test("muted authors' messages are hidden", () => {
    expect(isMutedAuthor(message("m", "ana"), ["ana"])).toBe(true);
    expect(isMutedAuthor(message("m", "bob"), ["ana"])).toBe(false);
    expect(isMutedAuthor(message("m", "bob"), undefined)).toBe(false);
  });
});

describe("removed messages in the queue", () => {
  test("a deleted copy keeps the text the moderators saw", () => {
    const held = flag("m1", "bob", "1");
    const deleted = {
      ...held,
      reviewed_by: "mo",
      message: { ...held.message!, type: "deleted" as const, text: "" },
    };
    const [merged] = withFlags([held], [deleted]);
    expect(merged?.message?.type).toBe("deleted");
    expect(merged?.message?.text).toBe("text m1");
  });
});
