import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

/**
 * A member whose ReadChannel is taken away by a policy change (the channel's REST reads answer
 * 403 at once) must not learn anything more about the channel: not through notifications,
 * search, the channel list or unread counts, which all ask the policies (domain/access.ts)
 * rather than going by membership alone.
 */
let s: TestServer;
let owner: { token: string; id: string };
let member: { token: string; id: string };
const cid = "messaging:leaky";
const path = "/channels/messaging/leaky";
const word = uniqueName("zebra");

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent" });
  const [o, m] = await Promise.all([s.signup(), s.signup()]);
  owner = { token: o.streamToken, id: o.user.id };
  member = { token: m.streamToken, id: m.user.id };
  await s.chat(owner.token, "POST", `${path}/query`, { data: { name: "Leaky", members: [member.id] } });
  await s.chat(owner.token, "POST", `${path}/messages`, { message: { text: `${word} secret` } });
  const current = await s.chat(s.admin.streamToken, "GET", "/channel-types/messaging/policies");
  const policies = current.body.policies.map((p: any) =>
    p.roles.includes("channel_member") && !p.owner
      ? { ...p, resources: p.resources.filter((r: string) => r !== "ReadChannel") }
      : p,
  );
  expect(
    (await s.chat(s.admin.streamToken, "PUT", "/channel-types/messaging/policies", { policies })).status,
  ).toBe(200);
});
afterAll(() => s.close());

describe("read taken away by a policy", () => {
  it("the channel's history is refused (403)", async () => {
    expect((await s.chat(member.token, "GET", `${path}/messages`)).status).toBe(403);
  });

  it("a new message does not reach the member as notification.message_new", async () => {
    const sock = await authedSocket(s.wsUrl, s.apiKey, member.token);
    const watcher = await authedSocket(s.wsUrl, s.apiKey, owner.token);
    watcher.send({ type: "watch", channels: [{ cid }] });
    await watcher.next((f) => f.type === "watch.ok");
    await s.chat(owner.token, "POST", `${path}/messages`, { message: { text: "new secret" } });
    await watcher.next((f) => f.type === "message.new" && f.message.text === "new secret");
    sock.send({ type: "health.check", req_id: "flush" });
    await sock.next((f) => f.type === "health.check" && f.req_id === "flush");
    const leaked = sock.frames.filter((f) => f.type === "notification.message_new" && f.cid === cid);
    sock.close();
    watcher.close();
    expect(leaked).toEqual([]);
  });

  it("message search does not find the channel's messages", async () => {
    const r = await s.chat(member.token, "GET", `/search/messages?q=${word}`);
    expect(r.body.results).toEqual([]);
  });

  it("channel search does not find the channel", async () => {
    const r = await s.chat(member.token, "GET", "/search/channels?q=leaky");
    expect(r.body.channels).toEqual([]);
  });

  it("the channel list still answers (without that channel)", async () => {
    await s.chat(owner.token, "POST", `/channels/messaging/${uniqueName("ok")}/query`, {
      data: { members: [member.id] },
    });
    const r = await s.chat(member.token, "POST", "/channels", {});
    expect(r.status).toBe(200);
    expect(r.body.channels.map((c: any) => c.channel.cid)).not.toContain(cid);
  });

  it("unread counts leave the channel out", async () => {
    const r = await s.chat(member.token, "GET", "/unread");
    expect(r.body.channels.map((c: any) => c.cid)).not.toContain(cid);
  });
});
