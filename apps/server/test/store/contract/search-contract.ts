import { describe, expect, it } from "vitest";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  MESSAGE_WRITES_SETTLE,
  memberRow,
  messageRow,
  messageWritesInOneTurn,
} from "../../../src/store/testing/fixtures.js";

export function searchContract(ctx: ContractContext): void {
  describe("search", () => {
    it("finds messages the user may see, by folded words and a last-word prefix, newest first", async () => {
      const { store } = ctx;
      const tok = fresh("z");
      const [me, you] = [await addUser(store), await addUser(store)];
      const mine = await addChannel(store);
      const truncated = await addChannel(store, { truncated_seq: 1 });
      const notMine = await addChannel(store);
      const gone = await addChannel(store, { deleted_at: at(1) });
      for (const ch of [mine, truncated, gone]) await store.members.insert(memberRow(ch.cid, me.id));
      await store.members.insert(memberRow(notMine.cid, you.id));
      const add = async (cid: string, seq: number, text: string, sec: number, type = "regular") => {
        const row = messageRow(cid, you.id, seq, { text: `${tok} ${text}`, type, created_at: at(sec) });
        await store.messages.insert(row);
        return row;
      };
      const greeting = await add(mine.cid, 1, "Héllo WÖRLD", 10);
      const there = await add(mine.cid, 2, "hello there", 20);
      const longer = await add(mine.cid, 3, "say hellooo", 30);
      await add(mine.cid, 4, "hello deleted", 40, "deleted");
      await add(mine.cid, 5, "goodbye", 50);
      await add(truncated.cid, 1, "hello before truncation", 60);
      const after = await add(truncated.cid, 2, "hello after truncation", 70);
      await add(notMine.cid, 1, "hello stranger", 80);
      await add(gone.cid, 1, "hello deleted channel", 90);

      const find = (
        exact: string[],
        prefix: string,
        limit = 50,
        before?: { createdAt: string; id: string },
      ) => store.search.messages({ userId: me.id, exact: [tok, ...exact], prefix, limit, before });
      const hits = await find([], "hel");
      expect(hits.map((h) => h.message.id)).toEqual([after.id, longer.id, there.id, greeting.id]);
      expect(hits[0]).toEqual({ message: after, user: you, channel: truncated, mentioned: [] });
      expect((await find(["world"], "hel")).map((h) => h.message.id)).toEqual([greeting.id]);
      expect((await find(["hello"], "the")).map((h) => h.message.id)).toEqual([there.id]);
      expect(await find(["nothing"], "hel")).toEqual([]);

      const first = await find([], "hel", 2);
      expect(first.map((h) => h.message.id)).toEqual([after.id, longer.id]);
      const last = first[1]!.message;
      const rest = await find([], "hel", 2, { createdAt: last.created_at, id: last.id });
      expect(rest.map((h) => h.message.id)).toEqual([there.id, greeting.id]);

      // The users a hit mentions, in the message's order; an id with no user is left out.
      const mentioning = messageRow(mine.cid, you.id, 6, {
        text: `${tok} mentioning both`,
        created_at: at(55),
        mentioned_users: [you.id, "u-nobody", me.id],
      });
      await store.messages.insert(mentioning);
      const [hit] = await find(["mentioning"], "bo");
      expect(hit?.mentioned).toEqual([you, me]);
    });

    it("finds a transaction's messages as they stand at its commit, also when several commit together", async () => {
      const { store } = ctx;
      const tok = fresh("q");
      const me = await addUser(store);
      const ch = await addChannel(store);
      await store.members.insert(memberRow(ch.cid, me.id));
      const row = (seq: number, text: string) =>
        messageRow(ch.cid, me.id, seq, { text: `${tok} ${text}`, created_at: at(seq) });
      const [a, b, c, d] = [row(1, "alpha"), row(2, "bravo"), row(3, "charlie"), row(4, "delta")];
      await store.messages.insert(d);
      const settled = await messageWritesInOneTurn(store, [a, b, c, d], `${tok} alpine`, `${tok} deltas`);
      expect(settled.map((s) => s.status)).toEqual(MESSAGE_WRITES_SETTLE);
      const find = async (word: string) =>
        (await store.search.messages({ userId: me.id, exact: [word], prefix: tok, limit: 10 })).map(
          (h) => h.message.id,
        );
      // Whatever order the engine ran them in, the index answers for the messages as stored.
      for (const word of ["alpha", "alpine", "bravo", "charlie", "delta", "deltas"]) {
        const stored = await Promise.all([a, b, c, d].map((m) => store.messages.get(m.id)));
        const expected = stored
          .filter((m) => m?.type === "regular" && m.text.split(" ").includes(word))
          .map((m) => m!.id);
        expect(await find(word), word).toEqual(expected.reverse());
      }
      expect(await store.messages.get(c.id)).toBeUndefined();
      // Written on its own after the batch, a message is found at once too.
      const f = row(5, "foxtrot");
      await store.messages.insert(f);
      expect(await find("foxtrot")).toEqual([f.id]);
    });

    it("finds the user's live channels by a name or word prefix, ignoring case, by name", async () => {
      const { store } = ctx;
      const tok = fresh("k");
      const me = await addUser(store);
      const named = async (name: string, over = {}) => {
        const ch = await addChannel(store, { name, ...over });
        await store.members.insert(memberRow(ch.cid, me.id));
        return ch;
      };
      const b = await named(`${tok.toUpperCase()} Beta`);
      const a = await named(`Alpha ${tok}`);
      const c = await named(`team-${tok}`);
      const d = await named(`q3_${tok}x`);
      await named(`x${tok}`);
      await named(`${tok} gone`, { deleted_at: at(1) });
      await addChannel(store, { name: `${tok} not a member` });
      const find = (text: string, limit = 50, offset = 0) =>
        store.search.channels({ userId: me.id, text, limit, offset }).then((rows) => rows.map((r) => r.cid));
      expect(await find(tok)).toEqual([a.cid, b.cid, d.cid, c.cid]);
      expect(await find(` ${tok.toUpperCase()}`)).toEqual([a.cid, b.cid, d.cid, c.cid]);
      expect(await find(tok, 2, 1)).toEqual([b.cid, d.cid]);
      expect(await store.search.channels({ userId: me.id, text: `${tok} be`, limit: 5, offset: 0 })).toEqual([
        b,
      ]);
      const all = await find("", 1000);
      expect(all).toContain(a.cid);
      expect(all).toHaveLength(5);
    });
  });
}
