import type { LocalMessage } from "@parley/client";
import { describe, expect, it } from "vitest";
import { buildRows, continuesGroup, firstUnreadId } from "../../src/chat/message-grouping";

function msg(id: string, user: string, iso: string, extra: Partial<LocalMessage> = {}): LocalMessage {
  return {
    id,
    cid: "messaging:x",
    type: "regular",
    text: id,
    user: { id: user, name: user, image: "", role: "user", online: true, last_active: null, created_at: iso },
    created_at: iso,
    updated_at: iso,
    edited_at: null,
    deleted_at: null,
    seq: 1,
    parent_id: null,
    show_in_channel: false,
    reply_count: 0,
    last_reply_at: null,
    thread_participants: [],
    mentioned_users: [],
    attachments: [],
    reaction_counts: {},
    latest_reactions: [],
    own_reactions: [],
    pinned_at: null,
    pinned_by_id: null,
    status: "received",
    ...extra,
  };
}

const at = (h: number, m: number, day = 10) => new Date(2025, 2, day, h, m).toISOString();

describe("grouping", () => {
  it("continues a group for the same author within 5 minutes", () => {
    expect(continuesGroup(msg("a", "ana", at(9, 0)), msg("b", "ana", at(9, 5)))).toBe(true);
    expect(continuesGroup(msg("a", "ana", at(9, 0)), msg("b", "ana", at(9, 6)))).toBe(false);
    expect(continuesGroup(msg("a", "ana", at(9, 0)), msg("b", "bo", at(9, 1)))).toBe(false);
    expect(continuesGroup(undefined, msg("b", "bo", at(9, 1)))).toBe(false);
  });

  it("puts a day separator before each day's first message and starts a group there", () => {
    const rows = buildRows([
      msg("a", "ana", at(23, 58, 10)),
      msg("b", "ana", at(23, 59, 10)),
      msg("c", "ana", at(0, 1, 11)),
    ]);
    expect(rows.map((r) => (r.kind === "message" ? `${r.key}${r.groupStart ? "*" : ""}` : r.kind))).toEqual([
      "day",
      "a*",
      "b",
      "day",
      "c*",
    ]);
  });

  it("places the unread divider before the first unread message and starts a group there", () => {
    const messages = [
      msg("a", "bo", at(9, 0)),
      msg("mine", "ana", at(9, 1)),
      msg("b", "bo", at(9, 2)),
      msg("c", "bo", at(9, 3)),
    ];
    const first = firstUnreadId(messages, 2, "ana");
    expect(first).toBe("b");
    const rows = buildRows(messages, { firstUnreadId: first });
    const kinds = rows.map((r) => (r.kind === "message" ? r.key : r.kind));
    expect(kinds).toEqual(["day", "a", "mine", "unread", "b", "c"]);
    const b = rows.find((r) => r.kind === "message" && r.key === "b");
    expect(b?.kind === "message" && b.groupStart).toBe(true);
    expect(firstUnreadId(messages, 0, "ana")).toBeNull();
  });
});
