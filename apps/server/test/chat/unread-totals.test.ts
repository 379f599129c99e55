/**
 * One unread rule and one total: `/me`, `/unread`, `connection.ok` and `notification.mark_read`
 * agree, muted channels left out, and nobody has unread mentions in their own messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe("the unread totals", () => {
  it("are the same wherever they are shown, and leave muted channels out", async () => {
    const [ana, bob] = await s.users(2);
    const [loud, quiet, read] = [uniqueName("lo"), uniqueName("qu"), uniqueName("rd")];
    for (const id of [loud, quiet, read]) {
      await s.chat(ana!.token, "POST", `/channels/messaging/${id}/query`, { data: { members: [bob!.id] } });
      for (const text of ["one", "two"])
        await s.chat(ana!.token, "POST", `/channels/messaging/${id}/messages`, { message: { text } });
    }
    await s.chat(bob!.token, "POST", `/channels/messaging/${quiet}/mute`);

    const socket = await authedSocket(s.wsUrl, s.apiKey, bob!.token);
    await s.chat(bob!.token, "POST", `/channels/messaging/${read}/read`, {});
    const marked = await socket.next((f) => f.type === "notification.mark_read");
    const me = (await s.chat(bob!.token, "GET", "/me")).body.user;
    const unread = (await s.chat(bob!.token, "GET", "/unread")).body;
    const expected = { total_unread_count: 2, unread_channels: 1 };
    expect(marked).toMatchObject(expected);
    expect(me).toMatchObject(expected);
    expect(unread.total_unread_count).toBe(2);
    socket.close();
    const again = await authedSocket(s.wsUrl, s.apiKey, bob!.token);
    expect((await again.next((f) => f.type === "connection.ok")).me).toMatchObject(expected);
    again.close();
  });

  it("count no mention of the reader in their own message, a thread-only reply included", async () => {
    const [ana, bob] = await s.users(2);
    const id = uniqueName("me");
    await s.chat(ana!.token, "POST", `/channels/messaging/${id}/query`, { data: { members: [bob!.id] } });
    const parent = await s.chat(ana!.token, "POST", `/channels/messaging/${id}/messages`, {
      message: { text: "parent" },
    });
    await s.chat(bob!.token, "POST", `/channels/messaging/${id}/read`, {});
    for (const mentioned of [bob!.id, ana!.id]) {
      await s.chat(bob!.token, "POST", `/channels/messaging/${id}/messages`, {
        message: { text: "note", parent_id: parent.body.message.id, mentioned_users: [mentioned] },
      });
    }
    const unread = (await s.chat(bob!.token, "GET", "/unread")).body;
    expect(unread.channels).toEqual([expect.objectContaining({ unread_count: 0, unread_mentions: 0 })]);
    const anas = (await s.chat(ana!.token, "GET", "/unread")).body;
    expect(anas.channels).toEqual([expect.objectContaining({ unread_mentions: 1 })]);
  });
});
