import { afterEach, describe, expect, it, vi } from "vitest";
import { postAuth } from "../src/auth/auth-api";

const body = { action: "signin", username: "ada", password: "pw" } as const;

function answer(status: number, payload: unknown): Response {
  return new Response(typeof payload === "string" ? payload : JSON.stringify(payload), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("postAuth", () => {
  it("posts JSON to /api/auth and returns the answer", async () => {
    const auth = {
      streamToken: "s",
      token: "t",
      user: { id: "ada", displayName: "Ada", profilePicture: "" },
    };
    const fetch = vi.fn(async () => answer(200, auth));
    vi.stubGlobal("fetch", fetch);
    expect(await postAuth(body)).toEqual({ ok: true, auth });
    expect(fetch).toHaveBeenCalledWith(
      "/api/auth",
      expect.objectContaining({ method: "POST", body: JSON.stringify(body) }),
    );
  });

  it("returns the server's message and field errors", async () => {
    const error = { code: "validation", message: "bad", fields: { username: "too short" } };
    vi.stubGlobal("fetch", async () => answer(400, { error }));
    expect(await postAuth(body)).toEqual({
      ok: false,
      error: { message: "bad", fields: { username: "too short" } },
    });
  });

  it("turns a network failure into its message", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await postAuth(body)).toEqual({ ok: false, error: { message: "Failed to fetch" } });
  });

  it("turns a JSON-parsing failure into its message", async () => {
    vi.stubGlobal("fetch", async () => answer(200, "<html>"));
    const outcome = await postAuth(body);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/JSON/);
  });

  it("rejects an answer without tokens", async () => {
    vi.stubGlobal("fetch", async () => answer(200, { user: { id: "ada" } }));
    expect((await postAuth(body)).ok).toBe(false);
  });
});
