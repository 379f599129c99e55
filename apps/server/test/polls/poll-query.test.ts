import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/test-server.js";
import { answer, channel, createPoll, postedPoll, startPollServer, type User, vote } from "./poll-helpers.js";

let s: TestServer;
let ana: User;
let bob: User;
let cyd: User;
let ch1: { cid: string; path: string };
let ch2: { cid: string; path: string };
const ids: Record<string, string> = {};

const query = (u: User, body: unknown) => s.chat(u.token, "POST", "/polls/query", body);
const names = (r: { body: { polls: { name: string }[] } }) => r.body.polls.map((p) => p.name);

beforeAll(async () => {
  const w = await startPollServer(3);
  s = w.s;
  [ana, bob, cyd] = w.users as [User, User, User];
  ch1 = await channel(s, ana, [bob]);
  ch2 = await channel(s, ana, [cyd]);
  // Posted one after another so created_at orders them: alpha, bravo, charlie, delta, echo.
  ids.alpha = (await postedPoll(s, ana, ch1, { name: "alpha" })).poll.id;
  ids.bravo = (await postedPoll(s, ana, ch1, { name: "bravo", voting_visibility: "anonymous" })).poll.id;
  ids.charlie = (await postedPoll(s, bob, ch1, { name: "charlie", allow_answers: true })).poll.id;
  ids.delta = (await postedPoll(s, ana, ch2, { name: "delta" })).poll.id;
  ids.echo = (await postedPoll(s, ana, ch1, { name: "echo lunch" })).poll.id;
  ids.draftAna = (await createPoll(s, ana, { name: "ana draft" })).id;
  ids.draftBob = (await createPoll(s, bob, { name: "bob draft" })).id;
  await s.chat(ana.token, "PATCH", `/polls/${ids.alpha}`, { set: { is_closed: true } });
});
afterAll(() => s.close());

describe("POST /polls/query", () => {
  it("answers the polls of the user's channels and their own drafts, newest first by default", async () => {
    const r = await query(bob, {});
    expect(r.status).toBe(200);
    expect(names(r)).toEqual(["bob draft", "echo lunch", "charlie", "bravo", "alpha"]);
    expect(r.body.next).toBeUndefined();
    expect(names(await query(cyd, {}))).toEqual(["delta"]);
  });

  it.each([
    [{ id: { $in: ["ID:alpha", "ID:delta"] } }, ["alpha"]],
    [{ id: "ID:charlie" }, ["charlie"]],
    [{ created_by_id: "BOB" }, ["bob draft", "charlie"]],
    [{ cid: "CH1" }, ["echo lunch", "charlie", "bravo", "alpha"]],
    [{ name: "bravo" }, ["bravo"]],
    [{ name: { $autocomplete: "ECH" } }, ["echo lunch"]],
    [{ is_closed: true }, ["alpha"]],
    [{ is_closed: false, voting_visibility: "anonymous" }, ["bravo"]],
    [{ allow_answers: true }, ["charlie"]],
  ])("filters by %j", async (filter, expected) => {
    const resolved = JSON.parse(
      JSON.stringify(filter)
        .replace(/ID:(\w+)/g, (_m, k: string) => ids[k] as string)
        .replace('"BOB"', JSON.stringify(bob.id))
        .replace('"CH1"', JSON.stringify(ch1.cid)),
    );
    const r = await query(bob, { filter: resolved });
    expect(r.status).toBe(200);
    expect(names(r)).toEqual(expected);
  });

  it("sorts and pages with the next cursor", async () => {
    const collect = async (sort: unknown) => {
      const seen: string[] = [];
      let next: string | undefined;
      for (let i = 0; i < 10; i++) {
        const r = await query(bob, { sort, limit: 2, ...(next ? { next } : {}) });
        expect(r.status).toBe(200);
        expect(r.body.polls.length).toBeLessThanOrEqual(2);
        seen.push(...names(r));
        next = r.body.next;
        if (!next) break;
      }
      return seen;
    };
    expect(await collect([{ field: "name", direction: 1 }])).toEqual([
      "alpha",
      "bob draft",
      "bravo",
      "charlie",
      "echo lunch",
    ]);
    expect(await collect([{ field: "created_at", direction: 1 }])).toEqual([
      "alpha",
      "bravo",
      "charlie",
      "echo lunch",
      "bob draft",
    ]);
    const byClosed = await collect([{ field: "is_closed", direction: -1 }]);
    expect(byClosed[0]).toBe("alpha");
    expect(byClosed).toHaveLength(5);
    expect((await collect([{ field: "updated_at", direction: -1 }]))[0]).toBe("alpha");
  });

  it("refuses a cursor of another sort, a forged cursor and a limit over 100", async () => {
    const first = await query(bob, { limit: 1 });
    expect(first.body.next).toEqual(expect.any(String));
    const other = await query(bob, {
      limit: 1,
      next: first.body.next,
      sort: [{ field: "name", direction: 1 }],
    });
    expect(other.status).toBe(400);
    expect(other.body.error.fields).toHaveProperty("next");
    expect((await query(bob, { next: "garbage!" })).status).toBe(400);
    expect((await query(bob, { limit: 101 })).status).toBe(400);
    expect((await query(bob, { filter: { colour: "red" } })).status).toBe(400);
  });
});

describe("POST /polls/{id}/votes", () => {
  it("filters (is_answer, option_id, user_id), sorts and pages votes and answers", async () => {
    const ch = await channel(s, ana, [bob, cyd]);
    const { poll, messageId } = await postedPoll(s, ana, ch, { allow_answers: true });
    const [o0, o1] = poll.options;
    const v1 = (await vote(s, bob, messageId, poll.id, o0.id)).body.vote;
    const v2 = (await vote(s, cyd, messageId, poll.id, o0.id)).body.vote;
    const v3 = (await vote(s, cyd, messageId, poll.id, o1.id)).body.vote;
    const a1 = (await answer(s, bob, messageId, poll.id, "idea")).body.vote;
    const votes = (body: unknown) => s.chat(ana.token, "POST", `/polls/${poll.id}/votes`, body);
    const idsOf = (r: { body: { votes: { id: string }[] } }) => r.body.votes.map((v) => v.id);

    expect(idsOf(await votes({}))).toEqual([a1.id, v3.id, v2.id, v1.id]);
    expect(idsOf(await votes({ filter: { is_answer: true } }))).toEqual([a1.id]);
    expect(idsOf(await votes({ filter: { is_answer: false, option_id: o0.id } }))).toEqual([v2.id, v1.id]);
    expect(
      idsOf(await votes({ filter: { user_id: cyd.id }, sort: [{ field: "created_at", direction: 1 }] })),
    ).toEqual([v2.id, v3.id]);
    const all = await votes({ filter: { option_id: { $in: [o0.id, o1.id] } } });
    expect(all.body.votes[0]).toMatchObject({ user_id: cyd.id, user: { id: cyd.id } });

    const paged: string[] = [];
    let next: string | undefined;
    do {
      const r = await votes({
        sort: [{ field: "created_at", direction: 1 }],
        limit: 1,
        ...(next ? { next } : {}),
      });
      paged.push(...idsOf(r));
      next = r.body.next;
    } while (next);
    expect(paged).toEqual([v1.id, v2.id, v3.id, a1.id]);
    expect((await votes({ sort: [{ field: "user_id", direction: 1 }] })).status).toBe(400);
    expect((await s.chat(ana.token, "POST", "/polls/nope/votes", {})).status).toBe(404);
  });
});
