import { CLIENT_FRAME_TYPES } from "@parley/protocol";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";
import { anyJson, mutate, nastyString } from "./arbitraries.js";
import { deepMutate } from "./deep-mutate.js";
import { wsShapes } from "./ws-shapes.js";

const RUNS = 4000;
const DOCUMENTED = new Set([
  "malformed_frame",
  "unknown_frame",
  "validation",
  "forbidden",
  "not_found",
  "bad_request",
]);

let s: TestServer;
let sock: RawSocket;
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const a = await s.signup();
  await s.chat(a.streamToken, "POST", "/channels/messaging/wsfuzz/query", {});
  sock = await authedSocket(s.wsUrl, s.apiKey, a.streamToken);
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  sock.close();
  await s.close();
});

const shapes = wsShapes("messaging:wsfuzz");

const frame = fc.oneof(
  fc.constantFrom(...CLIENT_FRAME_TYPES).chain((t) => mutate(shapes[t]!).map((f) => ({ ...f, type: t }))),
  fc.constantFrom(...CLIENT_FRAME_TYPES).chain((t) =>
    deepMutate(shapes[t]!).map((f) => ({
      ...(typeof f === "object" && f && !Array.isArray(f) ? f : {}),
      type: t,
    })),
  ),
  mutate({ type: "nope" }),
  anyJson.map((j) => JSON.stringify(j)),
  nastyString,
);

describe("WebSocket fuzz", () => {
  it(`answers ${RUNS} random frames with documented errors and keeps the socket`, async () => {
    let i = 0;
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        const id = `f${i++}`;
        const payload = typeof f === "string" ? f : JSON.stringify({ ...f, req_id: id });
        if (Buffer.byteLength(payload) > 60_000) return;
        sock.send(payload);
        sock.send({ type: "health.check", req_id: `${id}-hc` });
        await sock.next((r) => r.type === "health.check" && r.req_id === `${id}-hc`);
      }),
      { numRuns: RUNS },
    );
    const errors = sock.frames.filter((f) => f.type === "error");
    expect(errors.length).toBeGreaterThan(RUNS / 4);
    expect(errors.filter((e) => !DOCUMENTED.has(e.code))).toEqual([]);
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    expect(rejections).toEqual([]);
  });

  it("is still serving", async () => {
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  });
});
