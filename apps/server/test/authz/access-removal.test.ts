import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";

/**
 * When a user's read access to a channel ends, their sockets stop receiving its events within
 * 1 s, and search stops returning it. "Within 1 s" is checked as: the access change is
 * acknowledged, we wait 1 s, then an event is published; it reaches a witness but not the user.
 */
const WINDOW_MS = 1000;
let s: TestServer;
const open: RawSocket[] = [];

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent" });
});
afterEach(async () => {
  for (const sock of open.splice(0)) sock.close();
  await s.chat(s.admin.streamToken, "PUT", "/channel-types/messaging/policies", { policies: null });
  await s.chat(s.admin.streamToken, "PUT", "/channel-types/team/policies", { policies: null });
});
afterAll(() => s.close());

async function watching(token: string, cid: string): Promise<RawSocket> {
  const sock = await authedSocket(s.wsUrl, s.apiKey, token);
  open.push(sock);
  sock.send({ type: "watch", req_id: "w", channels: [{ cid }] });
  await sock.next((f) => f.type === "watch.ok" && f.cid === cid);
  return sock;
}

async function flush(sock: RawSocket): Promise<void> {
  const id = uniqueName("hc");
  sock.send({ type: "health.check", req_id: id });
  await sock.next((f) => f.type === "health.check" && f.req_id === id);
}

const got = (sock: RawSocket, text: string) =>
  sock.frames.some(
    (f) => (f.type === "message.new" || f.type === "notification.message_new") && f.message?.text === text,
  );

async function post(token: string, path: string, text: string): Promise<void> {
  const r = await s.chat(token, "POST", `${path}/messages`, { message: { text } });
  expect(r.status).toBe(201);
}

async function found(token: string, word: string, cid: string): Promise<boolean> {
  const r = await s.chat(token, "GET", `/search/messages?q=${word}&limit=100`);
  expect(r.status).toBe(200);
  return r.body.results.some((x: any) => x.message.cid === cid);
}

/**
 * Sets up owner + user (+ witness) in a channel, checks the user receives and finds it, runs the
 * access change, then checks that an event published 1 s after the change was acknowledged
 * reaches the witness and none of the user's sockets, and that search no longer finds it.
 */
async function expectCutOff(opts: {
  type?: "messaging" | "team";
  join?: boolean;
  /** Runs on the user before their sockets open (e.g. a promotion). */
  before?: (userId: string) => Promise<void>;
  change: (ctx: {
    path: string;
    cid: string;
    owner: string;
    user: { id: string; token: string };
  }) => Promise<void>;
  search?: boolean;
  /** Whether the change also takes away posting (a policy may leave it). */
  refusesSend?: boolean;
}) {
  const type = opts.type ?? "messaging";
  const [owner, user] = await Promise.all([s.signup(), s.signup()]);
  const id = uniqueName("acc");
  const cid = `${type}:${id}`;
  const path = `/channels/${type}/${id}`;
  const members = opts.join === false ? [] : [user.user.id];
  await opts.before?.(user.user.id);
  expect(
    (await s.chat(owner.streamToken, "POST", `${path}/query`, { data: { name: id, members } })).status,
  ).toBe(200);
  const word = uniqueName("w");
  const witness = await watching(owner.streamToken, cid);
  const tabs = [await watching(user.streamToken, cid), await watching(user.streamToken, cid)];
  await post(owner.streamToken, path, `${word} before`);
  await witness.next((f) => f.type === "message.new" && f.message.text === `${word} before`);
  for (const t of tabs) await t.next((f) => f.type === "message.new" && f.message.text === `${word} before`);
  if (opts.search !== false) expect(await found(user.streamToken, word, cid)).toBe(true);

  await opts.change({
    path,
    cid,
    owner: owner.streamToken,
    user: { id: user.user.id, token: user.streamToken },
  });
  await new Promise((r) => setTimeout(r, WINDOW_MS));

  await post(owner.streamToken, path, `${word} after`);
  await witness.next((f) => f.type === "message.new" && f.message.text === `${word} after`);
  for (const t of tabs) await flush(t);
  expect(tabs.map((t) => got(t, `${word} after`))).toEqual([false, false]);
  expect(
    tabs.map((t) => t.frames.some((f) => f.type === "reset" && f.cid === cid && f.reason === "access")),
  ).toEqual([true, true]);
  expect(await found(user.streamToken, word, cid)).toBe(false);
  expect((await s.chat(user.streamToken, "GET", `${path}/messages`)).status).toBe(403);
  // The sockets opened before the change may neither watch the channel again nor post in it.
  for (const [i, t] of tabs.entries()) {
    t.send({ type: "watch", req_id: `again${i}`, channels: [{ cid }] });
    if (opts.refusesSend !== false)
      t.send({ type: "send", req_id: `post${i}`, cid, message: { text: `${word} sneaked` } });
    for (const req of opts.refusesSend !== false ? [`again${i}`, `post${i}`] : [`again${i}`]) {
      const answer = await t.next((f) => f.req_id === req && f.type !== "health.check");
      expect([answer.type, answer.code]).toEqual(["error", "forbidden"]);
    }
  }
}

describe("access removed", () => {
  it("member removed: their sockets stop within 1 s and search stops finding the channel", async () => {
    await expectCutOff({
      change: async ({ path, owner, user }) => {
        expect((await s.chat(owner, "POST", `${path}/members`, { remove: [user.id] })).status).toBe(200);
      },
    });
  });

  it("member leaves: their other tabs stop within 1 s and search stops finding the channel", async () => {
    await expectCutOff({
      change: async ({ path, user }) => {
        expect((await s.chat(user.token, "POST", `${path}/leave`)).status).toBe(200);
      },
    });
  });

  it("an admin demoted to user: the sockets they opened as admin lose admin reads within 1 s", async () => {
    const role = (id: string, r: string) =>
      s.chat(s.admin.streamToken, "PUT", `/users/${id}/role`, { role: r });
    await expectCutOff({
      join: false,
      search: false,
      before: async (id) => expect((await role(id, "admin")).status).toBe(200),
      change: async ({ user }) => expect((await role(user.id, "user")).status).toBe(200),
    });
  });

  it("a team channel's public read is taken away by a policy change: the non-member's sockets stop", async () => {
    await expectCutOff({
      type: "team",
      join: false,
      search: false,
      change: async () => {
        const current = await s.chat(s.admin.streamToken, "GET", "/channel-types/team/policies");
        const policies = current.body.policies.filter((p: any) => !p.resources.includes("JoinChannel"));
        const r = await s.chat(s.admin.streamToken, "PUT", "/channel-types/team/policies", { policies });
        expect(r.status).toBe(200);
      },
    });
  });

  it("a policy takes read away from members: sockets stop within 1 s, and search stops finding it", async () => {
    await expectCutOff({
      change: async () => {
        const current = await s.chat(s.admin.streamToken, "GET", "/channel-types/messaging/policies");
        const policies = current.body.policies.map((p: any) =>
          p.roles.includes("channel_member") && !p.owner
            ? { ...p, resources: p.resources.filter((r: string) => r !== "ReadChannel") }
            : p,
        );
        const r = await s.chat(s.admin.streamToken, "PUT", "/channel-types/messaging/policies", { policies });
        expect(r.status).toBe(200);
      },
      refusesSend: false,
    });
  });
});
