/** What the router refuses before any route runs is answered in the API's shape, as any bad parameter. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SINGLE_NODE: "1" });
});
afterAll(() => s.close());

it("answers a path parameter over 100 characters, or a bad %-escape in one, with 400 validation", async () => {
  const [ana] = await s.users(1);
  for (const id of ["x".repeat(150), "%E0%A4%A"]) {
    const r = await s.chat(ana!.token, "POST", `/channels/messaging/${id}/query`, {});
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: { code: "validation", message: expect.any(String), fields: { path: expect.any(String) } },
    });
  }
});
