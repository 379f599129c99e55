import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";
import { answer, channel, postedPoll, startPollServer, type User, vote, votePath } from "./poll-helpers.js";

let s: TestServer;
let ana: User;
let bob: User;
let cyd: User;

beforeAll(async () => {
  const w = await startPollServer(3);
  s = w.s;
  [ana, bob, cyd] = w.users as [User, User, User];
});
afterAll(() => s.close());

const isPollEvent = (f: { type?: string }) => typeof f.type === "string" && f.type.startsWith("poll.");

async function watcher(u: User, cid: string, since = 0) {
  const sock = await authedSocket(s.wsUrl, s.apiKey, u.token);
  sock.send({ type: "watch", channels: [{ cid, since }] });
  await sock.next((f) => f.type === "watch.ok" && f.cid === cid);
  return sock;
}

describe("poll events", () => {
  it("go to the channel's watchers with seq, in order, and replay on resume", async () => {
    const ch = await channel(s, ana, [bob, cyd]);
    const { poll, messageId } = await postedPoll(s, ana, ch, {
      enforce_unique_vote: true,
      allow_answers: true,
    });
    const sock = await watcher(cyd, ch.cid);
    const [o0, o1] = poll.options;
    const cast = await vote(s, bob, messageId, poll.id, o0.id);
    await vote(s, bob, messageId, poll.id, o1.id);
    await answer(s, bob, messageId, poll.id, "hi");
    await s.chat(bob.token, "DELETE", `${votePath(messageId, poll.id)}/${cast.body.vote.id}`);
    await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { name: "Lunch?" } });
    await s.chat(ana.token, "PATCH", `/polls/${poll.id}`, { set: { is_closed: true } });
    await s.chat(ana.token, "DELETE", `/polls/${poll.id}`);
    await sock.next((f) => f.type === "poll.deleted");
    const events = sock.frames.filter(isPollEvent);
    expect(events.map((e) => e.type)).toEqual([
      "poll.vote_casted",
      "poll.vote_changed",
      "poll.answer_casted",
      "poll.vote_removed",
      "poll.updated",
      "poll.closed",
      "poll.deleted",
    ]);
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const e of events) {
      expect(e).toMatchObject({ cid: ch.cid, message_id: messageId, poll: { id: poll.id } });
      expect(e.poll).not.toHaveProperty("own_votes");
    }
    expect(events[0]).toMatchObject({
      poll_vote: { id: cast.body.vote.id, option_id: o0.id, user_id: bob.id, user: { id: bob.id } },
      poll: { vote_count: 1, vote_counts_by_option: { [o0.id]: 1 } },
    });
    expect(events[1]).toMatchObject({ poll_vote: { id: cast.body.vote.id, option_id: o1.id } });
    expect(events[2]).toMatchObject({
      poll_vote: { is_answer: true, answer_text: "hi" },
      poll: { answers_count: 1 },
    });
    expect(events[5].poll.is_closed).toBe(true);
    sock.close();

    const resumed = await watcher(cyd, ch.cid, events[0].seq - 1);
    const replayed = resumed.frames.filter(isPollEvent);
    expect(replayed.map((e) => e.seq)).toEqual(seqs);
    expect(replayed.map((e) => e.type)).toEqual(events.map((e) => e.type));
    resumed.close();
  });

  it("do not exist for a poll that is not posted yet", async () => {
    const ch = await channel(s, ana, [bob]);
    const sock = await watcher(bob, ch.cid);
    const created = await s.chat(ana.token, "POST", "/polls", { name: "draft", options: [{ text: "a" }] });
    await s.chat(ana.token, "PATCH", `/polls/${created.body.poll.id}`, { set: { name: "draft 2" } });
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "marker" } });
    await sock.next((f) => f.type === "message.new");
    expect(sock.frames.filter(isPollEvent)).toEqual([]);
    sock.close();
  });

  it("carry the poll inside message.new when it is posted", async () => {
    const ch = await channel(s, ana, [bob]);
    const sock = await watcher(bob, ch.cid);
    const { poll } = await postedPoll(s, ana, ch);
    const e = await sock.next((f) => f.type === "message.new");
    expect(e.message).toMatchObject({
      poll_id: poll.id,
      poll: { id: poll.id, vote_count: 0, own_votes: [] },
    });
    sock.close();
  });
});
