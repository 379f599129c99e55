import { describe, expect, it } from "vitest";
import { authPath, nextFromUrl, safeNextPath } from "../src/session/next-path";

describe("safeNextPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeNextPath("/c/general")).toBe("/c/general");
    expect(safeNextPath("/c/general?m=1#x")).toBe("/c/general?m=1#x");
  });

  it("falls back to /chats for anything that could leave the site", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "chats",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
    ]) {
      expect(safeNextPath(raw)).toBe("/chats");
    }
  });

  it("never sends the user back to an auth page", () => {
    expect(safeNextPath("/signin")).toBe("/chats");
    expect(safeNextPath("/join?next=/x")).toBe("/chats");
  });
});

describe("nextFromUrl", () => {
  it("reads and sanitises ?next=", () => {
    expect(nextFromUrl("http://h/signin?next=%2Fc%2Fgeneral")).toBe("/c/general");
    expect(nextFromUrl("http://h/signin?next=%2F%2Fevil.example")).toBe("/chats");
    expect(nextFromUrl("http://h/signin")).toBe("/chats");
  });
});

describe("authPath", () => {
  it("carries next when there is one", () => {
    expect(authPath("/signin", "/chats")).toBe("/signin?next=%2Fchats");
    expect(authPath("/join", "/c/a")).toBe("/join?next=%2Fc%2Fa");
    expect(authPath("/join", null)).toBe("/join");
  });
});
