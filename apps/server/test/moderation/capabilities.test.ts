import { POLICY_RESOURCES } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

let s: TestServer;
let admin: string;
let owner: { token: string; id: string };
let member: { token: string; id: string };
let stranger: { token: string; id: string };
let mod: { token: string; id: string };

const user = async () => {
  const r = await s.signup();
  return { token: r.streamToken, id: r.user.id };
};

beforeAll(async () => {
  s = await startTestServer();
  admin = s.admin.streamToken;
  [owner, member, stranger, mod] = await Promise.all([user(), user(), user(), user()]);
  await s.chat(admin, "PUT", `/users/${mod.id}/role`, { role: "moderator" });
});
afterAll(() => s.close());

const caps = async (token: string, type: string, id: string) => {
  const r = await s.chat(token, "POST", `/channels/${type}/${id}/query`, { create: false });
  expect(r.status).toBe(200);
  return r.body.own_capabilities as { any: string[]; own: string[] };
};

describe("capabilities: what the server says each user may do", () => {
  it("in a members-only channel: members on their own things, the owner on anything", async () => {
    const id = uniqueName("caps");
    await s.chat(owner.token, "POST", `/channels/messaging/${id}/query`, { data: { members: [member.id] } });
    const m = await caps(member.token, "messaging", id);
    expect(m.any).toEqual(
      expect.arrayContaining(["ReadChannel", "CreateMessage", "CreateReaction", "FlagMessage"]),
    );
    expect(m.any).not.toContain("PinMessage");
    expect(m.any).not.toContain("DeleteMessage");
    expect(m.own).toEqual(expect.arrayContaining(["UpdateMessage", "DeleteMessage", "UpdatePoll"]));
    const o = await caps(owner.token, "messaging", id);
    expect(o.any).toEqual(
      expect.arrayContaining(["PinMessage", "DeleteMessage", "BanChannelMember", "UpdatePoll"]),
    );
    const a = await caps(admin, "messaging", id);
    expect(a.any).toEqual([...POLICY_RESOURCES]);
    // what they say is what the server does: the member cannot pin, the owner can
    const msg = (
      await s.chat(member.token, "POST", `/channels/messaging/${id}/messages`, { message: { text: "hi" } })
    ).body.message;
    expect((await s.chat(member.token, "POST", `/messages/${msg.id}/pin`)).status).toBe(403);
    expect((await s.chat(owner.token, "POST", `/messages/${msg.id}/pin`)).status).toBe(200);
  });

  it("in a team channel, a non-member reads and joins but does not write; a ban takes writing away", async () => {
    const id = uniqueName("capt");
    await s.chat(owner.token, "POST", `/channels/team/${id}/query`, { data: { name: "open" } });
    const before = await caps(stranger.token, "team", id);
    expect(before.any).toEqual(expect.arrayContaining(["ReadChannel", "JoinChannel"]));
    expect(before.any).not.toContain("CreateMessage");
    await s.chat(stranger.token, "POST", `/channels/team/${id}/join`);
    const after = await caps(stranger.token, "team", id);
    expect(after.any).toContain("CreateMessage");
    expect(after.any).not.toContain("JoinChannel");
    await s.chat(owner.token, "POST", "/moderation/ban", { target_user_id: stranger.id, cid: `team:${id}` });
    const banned = await caps(stranger.token, "team", id);
    expect(banned.any).not.toContain("CreateMessage");
    expect(banned.any).toContain("ReadChannel");
  });

  it("app-wide: GET /me lists the user's app capabilities", async () => {
    const me = async (token: string) => (await s.chat(token, "GET", "/me")).body.user.capabilities;
    expect(await me(member.token)).toEqual([]);
    expect(await me(mod.token)).toEqual(["ReviewFlags", "BanUser"]);
    expect(await me(admin)).toEqual([
      "ReviewFlags",
      "BanUser",
      "ManageChannelTypes",
      "SetRole",
      "ManageAccounts",
    ]);
  });
});
