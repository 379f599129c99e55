/**
 * Presence is not part of what a change renders: stored events (and the live frames made from
 * them) carry no `online`, answers carry it filled in on the way out, and a member added while
 * online comes to the channel's watchers with their presence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PresenceView, withPresence } from "../../src/realtime/presence-fields.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Every `online` field anywhere in `value`. */
function onlineFields(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(onlineFields);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => (k === "online" ? [v] : onlineFields(v)));
}

describe("presence at delivery", () => {
  it("stores and sends events without presence, and answers with it", async () => {
    const [ana, bob, cy] = await s.users(3);
    const id = uniqueName("pd");
    const cid = `team:${id}`;
    await s.chat(ana!.token, "POST", `/channels/team/${id}/query`, { data: { members: [bob!.id] } });
    const watcher = await authedSocket(s.wsUrl, s.apiKey, bob!.token);
    watcher.send({ type: "watch", channels: [{ cid }] });
    await watcher.next((f) => f.type === "watch.ok");
    // Cy is online before being added: the watchers learn it with the member.
    const cySocket = await authedSocket(s.wsUrl, s.apiKey, cy!.token);
    await s.chat(ana!.token, "POST", `/channels/team/${id}/members`, { add: [cy!.id] });
    const added = await watcher.next((f) => f.type === "member.added");
    const introduced = await watcher.next((f) => f.type === "user.presence.changed" && f.user.id === cy!.id);
    expect(introduced.user.online).toBe(true);
    await s.chat(ana!.token, "POST", `/channels/team/${id}/messages`, { message: { text: "hi" } });
    const sent = await watcher.next((f) => f.type === "message.new");
    expect(onlineFields(added)).toEqual([]);
    expect(onlineFields(sent)).toEqual([]);

    const stored = await s.app.store.events.range(cid, 0, 1_000, 100);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(onlineFields(JSON.parse(row.payload))).toEqual([]);

    // Across nodes the answering node learns of the others' sockets within a beat.
    const answer = async () => {
      const { body } = await s.chat(ana!.token, "POST", `/channels/team/${id}/query`, {});
      const members = body.members as { user_id: string; user: { online: boolean } }[];
      return {
        members: Object.fromEntries(members.map((m) => [m.user_id, m.user.online])),
        watchers: body.watcher_count,
        author: body.messages.at(-1).user.online,
      };
    };
    await expect.poll(answer, { timeout: 15_000 }).toEqual({
      members: { [ana!.id]: false, [bob!.id]: true, [cy!.id]: true },
      watchers: 1,
      author: false,
    });
    cySocket.close();
    watcher.close();
  });

  it("fills users and channel states wherever they sit, copying rather than changing them", () => {
    const view: PresenceView = { isOnline: (id) => id === "ana", watcherCount: () => 3 };
    const ana = { id: "ana", role: "user", last_active: null };
    const answer = {
      channels: [
        { channel: { cid: "team:a" }, own_capabilities: {}, members: [{ user_id: "ana", user: ana }] },
      ],
      message: { id: "m1", user: { id: "bob", role: "user", last_active: null }, text: "hi" },
      me: { id: "ana", role: "user", last_active: null, online: true },
      untouched: { id: "x", text: "no user here" },
    };
    const filled = withPresence(answer, view);
    expect(filled.channels[0]).toMatchObject({ watcher_count: 3, members: [{ user: { online: true } }] });
    expect(filled.message.user).toMatchObject({ id: "bob", online: false });
    expect(filled.me).toBe(answer.me);
    expect(filled.untouched).toBe(answer.untouched);
    expect(ana).not.toHaveProperty("online");
    expect(answer.channels[0]).not.toHaveProperty("watcher_count");
  });
});
