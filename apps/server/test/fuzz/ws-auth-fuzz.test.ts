import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { rawSocket } from "../helpers/ws-client.js";
import { anyJson, nastyString } from "./arbitraries.js";
import { deepMutate } from "./deep-mutate.js";
import { DOCUMENTED_WS } from "./documented.js";
import { assertQuietly } from "./rest-harness.js";

/**
 * The first frame of a fresh socket, fuzzed: auth frames with mutated keys, tokens, user ids
 * (user and server-side tokens), other frame types before auth, junk. Each socket ends in one
 * documented state: authenticated (connection.ok), refused (an error frame with a documented code,
 * then close 4001/4005), or still waiting for auth (documented error frame, socket open).
 */
const RUNS = 300;
const CLOSE_CODES = new Set([4001, 4005, 1009]);

let s: TestServer;
let userToken: string;
let userId: string;
let serverToken: string;
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const a = await s.signup();
  userToken = a.streamToken;
  userId = a.user.id;
  serverToken = await s.serverToken();
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

describe("WebSocket fuzz before authentication", () => {
  it(`answers ${RUNS} fuzzed first frames with a documented outcome`, async () => {
    const first = fc.oneof(
      { weight: 4, arbitrary: deepMutate({ type: "auth", api_key: s.apiKey, token: userToken }) },
      {
        weight: 2,
        arbitrary: deepMutate({ type: "auth", api_key: s.apiKey, token: serverToken, user_id: userId }),
      },
      { weight: 1, arbitrary: deepMutate({ type: "watch", channels: [{ cid: "messaging:x", since: 0 }] }) },
      { weight: 1, arbitrary: anyJson.map((j) => JSON.stringify(j) ?? "null") },
      { weight: 1, arbitrary: nastyString },
    );
    let i = 0;
    const property = fc.asyncProperty(first, async (frame) => {
      const id = `hc${i++}`;
      const payload = typeof frame === "string" ? frame : JSON.stringify(frame);
      if (Buffer.byteLength(payload ?? "") > 60_000) return;
      const sock = await rawSocket(s.wsUrl);
      try {
        sock.send(payload ?? "null");
        // Every first frame is answered: connection.ok, an error frame, or a close (1009).
        const answered = await Promise.race([
          sock
            .next((f) => f.type === "connection.ok" || f.type === "error", 5000)
            .then(() => "frame" as const),
          sock.closed.then((c) => c.code),
        ]);
        const outcome =
          answered !== "frame"
            ? answered
            : await Promise.race([
                (async () => {
                  sock.send({ type: "health.check", req_id: id });
                  await sock.next((f) => f.type === "health.check" && f.req_id === id, 5000);
                  // an auth failure closes right after its error frame
                  await new Promise((r) => setTimeout(r, 5));
                  return sock.ws.readyState === sock.ws.OPEN ? ("open" as const) : (await sock.closed).code;
                })(),
                sock.closed.then((c) => c.code),
              ]);
        const errors = sock.frames.filter((f) => f.type === "error");
        for (const e of errors) expect(DOCUMENTED_WS.has(e.code), `error code ${e.code}`).toBe(true);
        const ok = sock.frames.some((f) => f.type === "connection.ok");
        if (outcome !== "open") {
          expect(CLOSE_CODES.has(outcome), `close code ${outcome}`).toBe(true);
          expect(ok).toBe(false);
          if (outcome !== 1009) expect(errors.length).toBeGreaterThan(0);
        } else if (!ok) {
          expect(errors.length).toBeGreaterThan(0);
        }
      } finally {
        sock.close();
      }
    });
    await assertQuietly(property, RUNS);
    expect(rejections).toEqual([]);
  });

  it("is still serving", async () => {
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  });
});
