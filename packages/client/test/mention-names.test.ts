import { describe, expect, test } from "vitest";
import { emptyChannelState, mentionNames } from "../src/index.js";
import { toLocalMessage } from "../src/messages.js";
import { member, message, user } from "./fakes.js";

const named = (id: string, name: string) => ({ ...member(id), user: { ...user(id), name } });

describe("mention names", () => {
  test("a member's name; else the name a held message was written under; else the id", () => {
    const state = {
      ...emptyChannelState(),
      members: { ana: named("ana", "Ana Member") },
      messages: [
        toLocalMessage(message("m1", "bo", 1, { user: { ...user("bo"), name: "Bo Author" } })),
        toLocalMessage(message("m2", "ana", 2, { user: { ...user("ana"), name: "Ana Author" } })),
      ],
    };
    expect(mentionNames(state, ["ana", "bo", "cy"])).toEqual({
      ana: "Ana Member",
      bo: "Bo Author",
      cy: "cy",
    });
    expect(mentionNames(state, [])).toEqual({});
  });

  test("a newer snapshot's messages are read again, not the first one's", () => {
    const first = { ...emptyChannelState(), messages: [toLocalMessage(message("m1", "bo", 1))] };
    expect(mentionNames(first, ["bo", "cy"])).toEqual({ bo: "bo", cy: "cy" });
    const next = {
      ...first,
      messages: [
        ...first.messages,
        toLocalMessage(message("m2", "cy", 2, { user: { ...user("cy"), name: "Cy" } })),
      ],
    };
    expect(mentionNames(next, ["cy"])).toEqual({ cy: "Cy" });
  });
});
