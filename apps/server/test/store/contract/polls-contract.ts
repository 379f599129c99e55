import { describe, expect, it } from "vitest";
import type { PollOptionRow, PollQuery, PollRow, PollVoteRow } from "../../../src/store/poll-store.js";
import type { Repos } from "../../../src/store/store.js";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  memberRow,
  messageRow,
} from "../../../src/store/testing/fixtures.js";

const poll = (createdBy: string, over: Partial<PollRow> = {}): PollRow => ({
  id: fresh("poll"),
  name: "Lunch?",
  description: "",
  voting_visibility: "public",
  enforce_unique_vote: false,
  max_votes_allowed: null,
  allow_answers: false,
  allow_user_suggested_options: false,
  is_closed: false,
  created_by_id: createdBy,
  created_at: at(1),
  updated_at: at(1),
  ...over,
});
const option = (pollId: string, position: number, over: Partial<PollOptionRow> = {}): PollOptionRow => ({
  id: fresh("opt"),
  poll_id: pollId,
  text: `option ${position}`,
  position,
  created_at: at(1),
  ...over,
});
const vote = (pollId: string, userId: string, optionId: string | null, sec: number): PollVoteRow => ({
  id: fresh("vote"),
  poll_id: pollId,
  option_id: optionId,
  user_id: userId,
  is_answer: optionId === null,
  answer_text: optionId === null ? `answer ${sec}` : null,
  created_at: at(sec),
  updated_at: at(sec),
});

async function pollWithOptions(store: Repos, userId: string, n = 2) {
  const p = poll(userId);
  await store.polls.insert(p);
  const options = Array.from({ length: n }, (_, i) => option(p.id, i));
  for (const o of options) await store.polls.options.insert(o);
  return { p, options };
}

export function pollsContract(ctx: ContractContext): void {
  describe("polls", () => {
    it("stores, reads, locks, updates and deletes a poll with everything hanging off it", async () => {
      const { store } = ctx;
      const u = await addUser(store);
      const { p, options } = await pollWithOptions(store, u.id);
      const other = poll(u.id, { max_votes_allowed: 3 });
      await store.polls.insert(other);
      expect(await store.polls.get(p.id)).toEqual(p);
      expect(await store.polls.get(fresh("none"))).toBeUndefined();
      expect(await store.polls.getMany([])).toEqual([]);
      expect((await store.polls.getMany([p.id, other.id])).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
        [p, other].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      expect(await store.transaction((tx) => tx.polls.lock(p.id))).toEqual(p);
      expect(await store.polls.lock(fresh("none"))).toBeUndefined();
      const updated = await store.polls.update(p.id, { name: "Dinner?", is_closed: true, updated_at: at(5) });
      expect(updated).toEqual({ ...p, name: "Dinner?", is_closed: true, updated_at: at(5) });

      const ch = await addChannel(store);
      const m = messageRow(ch.cid, u.id, 1, { poll_id: p.id });
      await store.messages.insert(m);
      expect(await store.polls.homes([p.id, other.id])).toEqual([
        { poll_id: p.id, message_id: m.id, cid: ch.cid },
      ]);
      expect(await store.polls.homes([])).toEqual([]);
      await store.polls.votes.insert(vote(p.id, u.id, options[0]!.id, 2));
      await store.polls.delete(p.id);
      expect(await store.polls.get(p.id)).toBeUndefined();
      expect(await store.polls.options.list([p.id])).toEqual([]);
      expect(await store.polls.votes.counts([p.id])).toEqual([]);
      expect((await store.messages.get(m.id))?.poll_id).toBeNull();
    });

    it("lists options by position then creation; deleting one takes its votes", async () => {
      const { store } = ctx;
      const u = await addUser(store);
      const p = poll(u.id);
      await store.polls.insert(p);
      const [late, early, first] = [
        option(p.id, 1, { created_at: at(9) }),
        option(p.id, 1, { created_at: at(2) }),
        option(p.id, 0, { created_at: at(5) }),
      ];
      for (const o of [late, early, first]) await store.polls.options.insert(o);
      expect(await store.polls.options.list([])).toEqual([]);
      expect(await store.polls.options.list([p.id])).toEqual([first, early, late]);
      await store.polls.options.update(late.id, { text: "renamed", position: 0 });
      expect(await store.polls.options.get(late.id)).toEqual({ ...late, text: "renamed", position: 0 });
      const v = vote(p.id, u.id, early.id, 3);
      await store.polls.votes.insert(v);
      await store.polls.options.delete(early.id);
      expect(await store.polls.options.get(early.id)).toBeUndefined();
      expect(await store.polls.votes.get(v.id)).toBeUndefined();
    });

    it("keeps votes and answers: per user, counted, newest per option and per poll", async () => {
      const { store } = ctx;
      const [me, you] = [await addUser(store), await addUser(store)];
      const { p, options } = await pollWithOptions(store, me.id);
      const [o1, o2] = [options[0]!.id, options[1]!.id];
      const votes = [
        vote(p.id, me.id, o1, 1),
        vote(p.id, you.id, o1, 2),
        vote(p.id, you.id, o2, 3),
        vote(p.id, me.id, null, 4),
        vote(p.id, you.id, null, 5),
      ];
      for (const v of votes) await store.polls.votes.insert(v);
      expect(await store.polls.votes.get(votes[0]!.id)).toEqual(votes[0]);
      expect(await store.polls.votes.forUser(p.id, me.id)).toEqual([votes[0], votes[3]]);
      expect(await store.polls.votes.ownVotes([], me.id)).toEqual([]);
      expect(await store.polls.votes.ownVotes([p.id], you.id)).toEqual([votes[1], votes[2], votes[4]]);
      const key = (c: { option_id: string | null; is_answer: boolean }) => `${c.option_id}:${c.is_answer}`;
      const counts = (await store.polls.votes.counts([p.id])).sort((a, b) => (key(a) < key(b) ? -1 : 1));
      expect(counts).toEqual(
        [
          { poll_id: p.id, option_id: o1, is_answer: false, n: 2 },
          { poll_id: p.id, option_id: o2, is_answer: false, n: 1 },
          { poll_id: p.id, option_id: null, is_answer: true, n: 2 },
        ].sort((a, b) => (key(a) < key(b) ? -1 : 1)),
      );
      expect(await store.polls.votes.latestByOption([p.id], 1)).toEqual([votes[2], votes[1]]);
      expect(await store.polls.votes.latestAnswers([p.id], 1)).toEqual([votes[4]]);
      expect(await store.polls.votes.latestByOption([], 1)).toEqual([]);
      await store.polls.votes.update(votes[0]!.id, { option_id: o2, updated_at: at(9) });
      expect(await store.polls.votes.latestByOption([p.id], 1)).toEqual([
        { ...votes[0], option_id: o2, updated_at: at(9) },
        votes[1],
      ]);
      await store.polls.votes.delete(votes[4]!.id);
      expect(await store.polls.votes.latestAnswers([p.id], 5)).toEqual([votes[3]]);
    });

    it("pages votes by filter, sort and keyset", async () => {
      const { store } = ctx;
      const [me, you] = [await addUser(store), await addUser(store)];
      const { p, options } = await pollWithOptions(store, me.id);
      const votes = [1, 2, 3, 4].map((s) => vote(p.id, s % 2 ? me.id : you.id, options[s % 2]!.id, s));
      for (const v of votes) await store.polls.votes.insert(v);
      const page = (q: Partial<Parameters<typeof store.polls.votes.page>[0]>) =>
        store.polls.votes
          .page({ pollId: p.id, sortField: "created_at", direction: 1, limit: 10, ...q })
          .then((rows) => rows.map((r) => r.id));
      expect(await page({})).toEqual(votes.map((v) => v.id));
      expect(await page({ direction: -1, limit: 2 })).toEqual([votes[3]!.id, votes[2]!.id]);
      expect(await page({ after: { value: at(2), id: votes[1]!.id } })).toEqual([votes[2]!.id, votes[3]!.id]);
      expect(await page({ userIds: [me.id] })).toEqual([votes[0]!.id, votes[2]!.id]);
      expect(await page({ optionIds: [options[0]!.id] })).toEqual([votes[1]!.id, votes[3]!.id]);
      expect(await page({ ids: [votes[3]!.id], isAnswer: false })).toEqual([votes[3]!.id]);
      expect(await page({ isAnswer: true })).toEqual([]);
      expect(await page({ ids: [] })).toEqual([]);
      expect(await page({ optionIds: [], userIds: [] })).toEqual([]);
    });

    it("queries the polls a viewer may see, filtered, sorted and continued after a key", async () => {
      const { store } = ctx;
      const [me, you] = [await addUser(store), await addUser(store)];
      const tok = fresh("n");
      const mk = async (by: string, name: string, sec: number, over: Partial<PollRow> = {}) => {
        const p = poll(by, { name: `${tok} ${name}`, created_at: at(sec), updated_at: at(sec), ...over });
        await store.polls.insert(p);
        return p;
      };
      const myDraft = await mk(me.id, "draft", 1);
      const yourDraft = await mk(you.id, "hidden draft", 2);
      const shared = await mk(you.id, "shared", 3, { is_closed: true });
      const elsewhere = await mk(you.id, "elsewhere", 4);
      const mine = await addChannel(store);
      const theirs = await addChannel(store);
      await store.members.insert(memberRow(mine.cid, me.id));
      await store.members.insert(memberRow(theirs.cid, you.id));
      await store.messages.insert(messageRow(mine.cid, you.id, 1, { poll_id: shared.id }));
      await store.messages.insert(messageRow(theirs.cid, you.id, 1, { poll_id: elsewhere.id }));
      const q = (over: Partial<PollQuery>) =>
        store.polls
          .query({
            viewerId: me.id,
            namePrefix: tok,
            flags: {},
            sortField: "created_at",
            direction: 1,
            limit: 10,
            ...over,
          })
          .then((rows) => rows.map((r) => r.id));
      expect(await q({})).toEqual([myDraft.id, shared.id]);
      expect(await q({ viewerId: you.id })).toEqual([yourDraft.id, elsewhere.id]);
      expect(await q({ direction: -1, limit: 1 })).toEqual([shared.id]);
      expect(await q({ after: { value: at(1), id: myDraft.id } })).toEqual([shared.id]);
      expect(await q({ flags: { is_closed: true } })).toEqual([shared.id]);
      expect(await q({ cids: [mine.cid] })).toEqual([shared.id]);
      expect(await q({ createdByIds: [me.id] })).toEqual([myDraft.id]);
      expect(await q({ ids: [shared.id, elsewhere.id] })).toEqual([shared.id]);
      expect(await q({ nameEquals: `${tok} draft` })).toEqual([myDraft.id]);
      expect(await q({ namePrefix: `${tok.toUpperCase()} SH` })).toEqual([shared.id]);
      expect(await q({ votingVisibility: "anonymous" })).toEqual([]);
      expect(await q({ ids: [] })).toEqual([]);
      expect(await q({ createdByIds: [] })).toEqual([]);
      expect(await q({ cids: [] })).toEqual([]);
      expect(
        (
          await store.polls.query({
            viewerId: me.id,
            namePrefix: tok,
            flags: {},
            sortField: "name",
            direction: 1,
            limit: 10,
          })
        ).map((r) => r.name),
      ).toEqual([`${tok} draft`, `${tok} shared`]);
      await store.channels.update(mine.cid, { deleted_at: at(9) });
      expect(await q({})).toEqual([myDraft.id]);
    });
  });
}
