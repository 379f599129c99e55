import { describe, expect, test } from "vitest";
import { appPath, HOME_PATH } from "../../src/pwa/app-path";

const ORIGIN = "https://chat.example.com";

describe("following a notification's url", () => {
  test("keeps a path of this origin with its query and hash", () => {
    expect(appPath("/c/messaging:xyz?message=abc", ORIGIN)).toBe("/c/messaging:xyz?message=abc");
    expect(appPath("/chats", ORIGIN)).toBe("/chats");
    expect(appPath("/c/team:a#m", ORIGIN)).toBe("/c/team:a#m");
  });

  test("opens /chats for anything that could leave the origin or is no path", () => {
    for (const url of [
      "https://evil.example/c/x",
      "//evil.example/c/x",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "c/relative",
      "",
      undefined,
      42,
      { url: "/c/x" },
    ]) {
      expect([url, appPath(url, ORIGIN)]).toEqual([url, HOME_PATH]);
    }
  });
});
