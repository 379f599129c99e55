import { ChatApiError, ChatNetworkError } from "@parley/client";
import { describe, expect, test } from "vitest";
import { isNetworkFailure } from "../../src/lib/route-error";

describe("telling a page that failed for want of a network", () => {
  test("no answer from the server", () => {
    expect(isNetworkFailure(new ChatNetworkError("GET /api/config failed: Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
  });

  test("not an answer that came, nor a route's code missing after a deploy, nor other errors", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      false,
    );
    expect(isNetworkFailure(new ChatApiError(500, "internal", "boom"))).toBe(false);
    expect(isNetworkFailure(new ChatApiError(404, "not_found", "no"))).toBe(false);
    expect(isNetworkFailure(new Error("The server configuration has no API key."))).toBe(false);
    expect(isNetworkFailure("offline")).toBe(false);
    expect(isNetworkFailure(undefined)).toBe(false);
  });
});
