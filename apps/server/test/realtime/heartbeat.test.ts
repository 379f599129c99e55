import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { rawSocket } from "../helpers/ws-client.js";

// The protocol's 25 s ping and 60 s silence, shortened: one sweep looks at every socket.
const heartbeat = { pingMs: 300, deadAfterMs: 1_200, sweepMs: 50 };

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer({}, { heartbeat });
  token = (await s.signup()).streamToken;
});
afterAll(() => s.close());

async function authed() {
  const sock = await rawSocket(s.wsUrl);
  sock.send({ type: "auth", api_key: s.apiKey, token });
  const ok = await sock.next((f) => f.type === "connection.ok");
  return { sock, id: ok.connection_id as string };
}

describe("websocket heartbeat", () => {
  it("pings an authenticated socket with its connection id", async () => {
    const { sock, id } = await authed();
    const pings = () => sock.frames.filter((f) => f.type === "health.check" && !f.req_id);
    await sock.next((f) => f.type === "health.check" && !f.req_id);
    expect(pings()[0]).toMatchObject({ connection_id: id });
    // Kept talking, it stays open and keeps being pinged.
    const talk = setInterval(() => sock.send({ type: "health.check" }), 200);
    await new Promise((r) => setTimeout(r, 1_800));
    clearInterval(talk);
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    expect(pings().length).toBeGreaterThanOrEqual(3);
    sock.close();
  });

  it("closes a socket it has heard nothing from with 4006", async () => {
    const { sock } = await authed();
    expect((await sock.closed).code).toBe(4006);
  });

  it("closes a silent socket that never authenticated too", async () => {
    const sock = await rawSocket(s.wsUrl);
    expect((await sock.closed).code).toBe(4006);
  });
});
