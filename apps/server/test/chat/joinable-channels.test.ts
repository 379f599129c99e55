import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

let s: TestServer;
let ana: string;
let cyd: string;
let cydId: string;

beforeAll(async () => {
  s = await startTestServer();
  const [a, c] = await Promise.all([s.signup(), s.signup()]);
  [ana, cyd, cydId] = [a.streamToken, c.streamToken, c.user.id];
});
afterAll(() => s.close());

const create = (token: string, type: string, id: string, name: string, members: string[] = []) =>
  s.chat(token, "POST", `/channels/${type}/${id}/query`, { data: { name, members } });
const joinable = async (token: string, query = "") => {
  const r = await s.chat(token, "GET", `/channels/joinable${query}`);
  expect(r.status).toBe(200);
  return (r.body.channels as { cid: string; name: string; member_count: number }[]).map((c) => c.cid);
};

describe("GET /channels/joinable", () => {
  it("finds team channels one is not in, newest activity first, by name; never members-only ones", async () => {
    const tag = uniqueName("t");
    const [older, newer, privateId, joinedId] = ["a", "b", "c", "d"].map((x) => `${tag}-${x}`) as [
      string,
      string,
      string,
      string,
    ];
    await create(ana, "team", older, `${tag} Design Reviews`);
    await create(ana, "team", newer, `${tag} release train`);
    await s.chat(ana, "POST", `/channels/team/${newer}/messages`, { message: { text: "shipping" } });
    await create(ana, "messaging", privateId, `${tag} secrets`);
    await create(ana, "team", joinedId, `${tag} joined`, [cydId]);

    expect(await joinable(cyd, `?q=${tag}`)).toEqual([`team:${newer}`, `team:${older}`]);
    expect(await joinable(cyd, `?q=${encodeURIComponent(`${tag} rev`)}`)).toEqual([]);
    expect(await joinable(cyd, `?q=${tag}&limit=1&offset=1`)).toEqual([`team:${older}`]);
    // the creator is a member of all of them
    expect(await joinable(ana, `?q=${tag}`)).toEqual([]);

    const r = await s.chat(cyd, "GET", `/channels/joinable?q=${tag}&limit=1`);
    expect(r.body.channels[0]).toMatchObject({ cid: `team:${newer}`, type: "team", member_count: 1 });

    // joining takes the channel off the list
    expect((await s.chat(cyd, "POST", `/channels/team/${newer}/join`)).status).toBe(200);
    expect(await joinable(cyd, `?q=${tag}`)).toEqual([`team:${older}`]);
    // a deleted channel is gone too
    expect((await s.chat(ana, "DELETE", `/channels/team/${older}`)).status).toBe(200);
    expect(await joinable(cyd, `?q=${tag}`)).toEqual([]);
  });

  it("answers bad paging and over-long names with 400", async () => {
    for (const query of ["?limit=0", "?limit=101", "?offset=-1", `?q=${"x".repeat(65)}`, "?sort=name"]) {
      const r = await s.chat(cyd, "GET", `/channels/joinable${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error.code).toBe("validation");
    }
  });
});
