/**
 * Read receipts: members' read positions reach others live and in channel states, the readers of
 * a message are listed on demand, and a member who turned receipts off (or a type without read
 * events) never has their position sent to anyone else, while their own tabs still learn it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function dm(owner: TestUser, others: TestUser[]) {
  const id = uniqueName("rr");
  const path = `/channels/messaging/${id}`;
  await s.chat(owner.token, "POST", `${path}/query`, { data: { members: others.map((o) => o.id) } });
  const send = async (text: string) =>
    (await s.chat(owner.token, "POST", `${path}/messages`, { message: { text } })).body.message;
  return { path, cid: `messaging:${id}`, send };
}

async function watching(user: TestUser, cid: string): Promise<RawSocket> {
  const sock = await authedSocket(s.wsUrl, s.apiKey, user.token);
  sock.send({ type: "watch", req_id: "w", channels: [{ cid }] });
  await sock.next((f) => f.type === "watch.ok");
  return sock;
}

const readOf = async (viewer: TestUser, path: string) =>
  (await s.chat(viewer.token, "POST", `${path}/query`, {})).body.read as { user_id: string }[];
const listedReadOf = async (viewer: TestUser, cid: string) => {
  const list = (await s.chat(viewer.token, "POST", "/channels", { limit: 30 })).body.channels;
  return list.find((c: any) => c.channel.cid === cid).read as { user_id: string }[];
};
const readersOf = async (viewer: TestUser, messageId: string, query = "") =>
  (await s.chat(viewer.token, "GET", `/messages/${messageId}/readers${query}`)).body;
const setSharing = (user: TestUser, share: boolean) =>
  s.chat(user.token, "PATCH", "/me/privacy", { share_read_receipts: share });

/** A message sent after `sock` would have received a frame: every frame before it has arrived. */
async function flush(sock: RawSocket, channel: { send(text: string): Promise<any> }) {
  const marker = await channel.send(uniqueName("flush"));
  await sock.next((f) => f.type === "message.new" && f.message.id === marker.id);
}

describe("read receipts", () => {
  it("move live, show in channel states and list who has read a message", async () => {
    const [ana, bob, cyd, dee] = await s.users(4);
    const ch = await dm(ana!, [bob!, cyd!, dee!]);
    const first = await ch.send("first");
    const anaSock = await watching(ana!, ch.cid);
    await s.chat(bob!.token, "POST", `${ch.path}/read`, {});
    const read = await anaSock.next((f) => f.type === "message.read" && f.user.id === bob!.id);
    expect(read.last_read_message_id).toBe(first.id);
    expect((await readOf(ana!, ch.path)).map((r) => r.user_id)).toContain(bob!.id);
    expect((await listedReadOf(ana!, ch.cid)).map((r) => r.user_id)).toContain(bob!.id);

    await s.chat(cyd!.token, "POST", `${ch.path}/read`, {});
    await s.chat(dee!.token, "POST", `${ch.path}/read`, {});
    const all = await readersOf(ana!, first.id);
    expect(all.count).toBe(3);
    expect(all.readers.map((r: any) => r.user.id).sort()).toEqual([bob!.id, cyd!.id, dee!.id].sort());
    // Paged by user id; the caller and the author are never listed.
    const page = await readersOf(ana!, first.id, "?limit=2");
    expect(page.readers).toHaveLength(2);
    const rest = await readersOf(ana!, first.id, `?limit=2&after=${page.next}`);
    expect(rest.next).toBeNull();
    expect([...page.readers, ...rest.readers].map((r: any) => r.user.id)).toEqual(
      all.readers.map((r: any) => r.user.id),
    );
    expect((await readersOf(bob!, first.id)).readers.map((r: any) => r.user.id)).not.toContain(bob!.id);
    // A later message is read by nobody yet.
    const second = await ch.send("second");
    expect((await readersOf(ana!, second.id)).count).toBe(0);
    anaSock.close();
  });

  it("with the member's setting off, reach nobody else but still the member's own tabs", async () => {
    const [ana, bob, cyd] = await s.users(3);
    expect((await s.chat(bob!.token, "GET", "/me/privacy")).body.privacy).toEqual({
      share_read_receipts: true,
    });
    const off = await setSharing(bob!, false);
    expect(off.status).toBe(200);
    expect(off.body.privacy).toEqual({ share_read_receipts: false });
    expect((await s.chat(bob!.token, "GET", "/me/privacy")).body.privacy.share_read_receipts).toBe(false);

    const ch = await dm(ana!, [bob!, cyd!]);
    const first = await ch.send("first");
    const anaSock = await watching(ana!, ch.cid);
    const bobOther = await watching(bob!, ch.cid);
    await s.chat(bob!.token, "POST", `${ch.path}/read`, {});
    await s.chat(cyd!.token, "POST", `${ch.path}/read`, {});
    const own = await bobOther.next((f) => f.type === "notification.mark_read" && f.cid === ch.cid);
    expect(own.last_read_message_id).toBe(first.id);
    // Cyd shares: her read arrives, and a message sent after both reads arrives after it.
    await anaSock.next((f) => f.type === "message.read" && f.user.id === cyd!.id);
    await flush(anaSock, ch);
    expect(anaSock.frames.filter((f) => f.type === "message.read" && f.user.id === bob!.id)).toEqual([]);
    const tellsBobsRead = (f: any) =>
      JSON.stringify(f).includes(bob!.id) && JSON.stringify(f).includes("last_read");
    expect(anaSock.frames.filter(tellsBobsRead)).toEqual([]);

    for (const viewer of [ana!, cyd!]) {
      expect((await readOf(viewer, ch.path)).map((r) => r.user_id)).not.toContain(bob!.id);
      expect((await listedReadOf(viewer, ch.cid)).map((r) => r.user_id)).not.toContain(bob!.id);
    }
    expect((await readOf(bob!, ch.path)).map((r) => r.user_id)).toContain(bob!.id);
    const readers = await readersOf(ana!, first.id);
    expect(readers.readers.map((r: any) => r.user.id)).toEqual([cyd!.id]);
    expect(readers.count).toBe(1);

    // Back on: the next read is shared again.
    await setSharing(bob!, true);
    await ch.send("again");
    await s.chat(bob!.token, "POST", `${ch.path}/read`, {});
    await anaSock.next((f) => f.type === "message.read" && f.user.id === bob!.id);
    expect((await readOf(ana!, ch.path)).map((r) => r.user_id)).toContain(bob!.id);
    anaSock.close();
    bobOther.close();
  });

  it("with the type's read_events off, reach nobody else but still the reader's own tabs", async () => {
    const [ana, bob] = await s.users(2);
    const admin = s.admin.streamToken;
    const ch = await dm(ana!, [bob!]);
    const first = await ch.send("first");
    const anaSock = await watching(ana!, ch.cid);
    const bobOther = await watching(bob!, ch.cid);
    expect(
      (await s.chat(admin, "PATCH", "/channel-types/messaging", { set: { read_events: false } })).status,
    ).toBe(200);
    try {
      await s.chat(bob!.token, "POST", `${ch.path}/read`, {});
      const own = await bobOther.next((f) => f.type === "notification.mark_read" && f.cid === ch.cid);
      expect(own.last_read_message_id).toBe(first.id);
      await flush(anaSock, ch);
      expect(anaSock.frames.filter((f) => f.type === "message.read")).toEqual([]);
      expect(bobOther.frames.filter((f) => f.type === "message.read")).toEqual([]);
      expect((await readOf(ana!, ch.path)).map((r) => r.user_id)).toEqual([ana!.id]);
      expect((await listedReadOf(ana!, ch.cid)).map((r) => r.user_id)).toEqual([ana!.id]);
      expect((await readOf(bob!, ch.path)).map((r) => r.user_id)).toEqual([bob!.id]);
      expect(await readersOf(ana!, first.id)).toEqual({ readers: [], count: 0, next: null });
    } finally {
      await s.chat(admin, "PATCH", "/channel-types/messaging", { set: { read_events: true } });
      anaSock.close();
      bobOther.close();
    }
  });

  it("lists readers only to someone who may read the channel, and refuses bad queries", async () => {
    const [ana, bob, eve] = await s.users(3);
    const ch = await dm(ana!, [bob!]);
    const first = await ch.send("first");
    const outsider = await s.chat(eve!.token, "GET", `/messages/${first.id}/readers`);
    expect([403, 404]).toContain(outsider.status);
    expect(outsider.body.error.code).toBeTypeOf("string");
    expect((await s.chat(ana!.token, "GET", "/messages/nope/readers")).status).toBe(404);
    for (const q of ["?limit=0", "?limit=101", "?limit=x", "?other=1"]) {
      const bad = await s.chat(ana!.token, "GET", `/messages/${first.id}/readers${q}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("validation");
    }
    for (const body of [{}, { share_read_receipts: "no" }, { share_read_receipts: true, x: 1 }]) {
      const bad = await s.chat(ana!.token, "PATCH", "/me/privacy", body);
      expect(bad.status).toBe(400);
    }
  });
});
