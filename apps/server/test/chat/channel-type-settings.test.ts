import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

let s: TestServer;
let admin: string;
let ana: { token: string; id: string };
let path: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = s.admin.streamToken;
  const a = await s.signup();
  ana = { token: a.streamToken, id: a.user.id };
  path = `/channels/team/${uniqueName("settings")}`;
  await s.chat(ana.token, "POST", `${path}/query`, { data: { name: "settings" } });
});
afterAll(() => s.close());

const send = (text: string) => s.chat(ana.token, "POST", `${path}/messages`, { message: { text } });
const found = async (word: string) =>
  (await s.chat(ana.token, "GET", `/search/messages?q=${word}`)).body.results.length as number;

describe("channel type settings (admin API)", () => {
  it("reads and changes a type's settings; a change applies to the next request", async () => {
    const read = await s.chat(admin, "GET", "/channel-types/team");
    expect(read.status).toBe(200);
    expect(read.body.channel_type).toMatchObject({
      name: "team",
      config: { search: true, max_message_length: 5000, public_read: true },
    });

    expect((await send("findable zebra")).status).toBe(201);
    expect(await found("zebra")).toBe(1);
    const off = await s.chat(admin, "PATCH", "/channel-types/team", {
      set: { search: false, max_message_length: 10 },
    });
    expect(off.status).toBe(200);
    expect(off.body.channel_type.config).toMatchObject({
      search: false,
      max_message_length: 10,
      reactions: true,
    });
    // message search leaves the type's channels out; its length limit is the new one
    expect(await found("zebra")).toBe(0);
    const long = await send("eleven char");
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/10/);
    expect((await send("ten chars!")).status).toBe(201);
    // characters are code points: ten emoji are 20 UTF-16 units, and within the limit
    expect((await send("🦓".repeat(10))).status).toBe(201);
    expect((await send("🦓".repeat(11))).status).toBe(400);

    const on = await s.chat(admin, "PATCH", "/channel-types/team", {
      set: { search: true, max_message_length: 5000 },
    });
    expect(on.body.channel_type.config).toEqual(read.body.channel_type.config);
    expect(await found("zebra")).toBe(1);
  });

  it("is for admins only, and refuses unknown types and bad settings", async () => {
    expect((await s.chat(ana.token, "GET", "/channel-types/team")).status).toBe(403);
    expect((await s.chat(ana.token, "PATCH", "/channel-types/team", { set: { search: false } })).status).toBe(
      403,
    );
    expect((await s.chat(admin, "GET", "/channel-types/nope")).status).toBe(404);
    expect((await s.chat(admin, "PATCH", "/channel-types/nope", { set: { search: false } })).status).toBe(
      404,
    );
    for (const bad of [
      { set: { public_read: false } },
      { set: { max_message_length: 0 } },
      { set: { max_message_length: 20_001 } },
      { set: { search: "no" } },
      { search: false },
    ]) {
      const r = await s.chat(admin, "PATCH", "/channel-types/team", bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code).toBe("validation");
    }
  });
});
