import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/test-server.js";
import { channel, pollBody, startPollServer, type User } from "../polls/poll-helpers.js";

// The channel list renders every listed channel's messages in one batch (reactions, thread
// participants and polls read once for the whole list): each message must still come with its own.
let s: TestServer;
let ana: User;
let bob: User;
let cyd: User;
const channels: { cid: string; path: string }[] = [];

beforeAll(async () => {
  const started = await startPollServer(3);
  s = started.s;
  [ana, bob, cyd] = started.users as [User, User, User];
  for (const [i, others] of [[bob], [cyd], [bob, cyd]].entries()) {
    const ch = await channel(s, ana, others);
    channels.push(ch);
    const send = (u: User, message: Record<string, unknown>) =>
      s.chat(u.token, "POST", `${ch.path}/messages`, { message });
    const plain = (await send(ana, { text: `plain ${i}` })).body.message;
    const other = others[0] as User;
    await s.chat(other.token, "POST", `/messages/${plain.id}/reaction`, { reaction: { type: `r${i}` } });
    if (i !== 1)
      await s.chat(ana.token, "POST", `/messages/${plain.id}/reaction`, { reaction: { type: "👍" } });
    const parent = (await send(other, { text: `parent ${i}` })).body.message;
    await send(ana, { text: `reply ${i}`, parent_id: parent.id });
    const poll = (await s.chat(ana.token, "POST", "/polls", pollBody({ name: `poll ${i}` }))).body.poll;
    const withPoll = (await send(ana, { text: `poll ${i}`, poll_id: poll.id })).body.message;
    if (i === 2) {
      const option = withPoll.poll.options[1].id;
      await s.chat(cyd.token, "POST", `/messages/${withPoll.id}/polls/${poll.id}/vote`, {
        vote: { option_id: option },
      });
    }
  }
});
afterAll(() => s.close());

describe("the channel list", () => {
  it("answers each channel's messages as the channel itself does", async () => {
    for (const viewer of [ana, bob, cyd]) {
      const list = await s.chat(viewer.token, "POST", "/channels", { message_limit: 10 });
      expect(list.status).toBe(200);
      const listed = new Map(list.body.channels.map((c: { channel: { cid: string } }) => [c.channel.cid, c]));
      let compared = 0;
      for (const ch of channels) {
        const own = listed.get(ch.cid) as { messages: unknown[] } | undefined;
        if (!own) continue;
        const alone = await s.chat(viewer.token, "POST", `${ch.path}/query`, { messages: { limit: 10 } });
        expect(alone.status).toBe(200);
        expect(own.messages).toEqual(alone.body.messages);
        compared++;
      }
      expect(compared).toBe(viewer === ana ? 3 : 2);
    }
  });

  it("keeps each message's reactions, thread participants and poll apart", async () => {
    const list = await s.chat(ana.token, "POST", "/channels", { message_limit: 10 });
    const byCid = new Map(
      list.body.channels.map((c: { channel: { cid: string }; messages: Record<string, any>[] }) => [
        c.channel.cid,
        c.messages,
      ]),
    );
    for (const [i, ch] of channels.entries()) {
      const messages = byCid.get(ch.cid) as Record<string, any>[];
      const text = (t: string) => messages.find((m) => m.text === t) as Record<string, any>;
      const plain = text(`plain ${i}`);
      expect(plain.reaction_counts).toEqual(i === 1 ? { [`r${i}`]: 1 } : { [`r${i}`]: 1, "👍": 1 });
      expect(plain.own_reactions.map((r: { type: string }) => r.type)).toEqual(i === 1 ? [] : ["👍"]);
      const parent = text(`parent ${i}`);
      expect(parent.reply_count).toBe(1);
      expect([...parent.thread_participants].sort()).toEqual([ana.id, parent.user.id].sort());
      const poll = text(`poll ${i}`).poll;
      expect(poll.name).toBe(`poll ${i}`);
      expect(poll.vote_count).toBe(i === 2 ? 1 : 0);
    }
  });
});
