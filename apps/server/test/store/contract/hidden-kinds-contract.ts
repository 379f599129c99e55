import { beforeAll, describe, expect, it } from "vitest";
import type { ChannelRow, MembershipKind, UserRow } from "../../../src/store/store.js";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  memberRow,
  messageRow,
  OTHER_TYPE,
  TYPE,
} from "../../../src/store/testing/fixtures.js";

/**
 * Every query over a user's memberships leaves out the memberships of hidden kinds (channels
 * whose policies do not let the member read them): list, unread counts, mentions, threads and
 * both searches. Nothing hidden means nothing left out.
 */
export function hiddenKindsContract(ctx: ContractContext): void {
  describe("hidden membership kinds", () => {
    const word = fresh("kind");
    let me: UserRow;
    let plain: ChannelRow;
    let owned: ChannelRow;
    let direct: ChannelRow;
    let other: ChannelRow;
    const hide: MembershipKind[] = [{ type: TYPE, role: "channel_member", is_direct: false }];

    beforeAll(async () => {
      const { store } = ctx;
      me = await addUser(store, { role: "moderator" });
      const you = await addUser(store);
      plain = await addChannel(store, { name: `${word} plain`, last_message_at: at(1) });
      owned = await addChannel(store, { name: `${word} owned`, last_message_at: at(1) });
      direct = await addChannel(store, { name: `${word} direct`, is_direct: true, last_message_at: at(1) });
      other = await addChannel(store, { type: OTHER_TYPE, name: `${word} other`, last_message_at: at(1) });
      for (const ch of [plain, owned, direct, other]) {
        await store.members.insert(
          memberRow(ch.cid, me.id, { role: ch === owned ? "owner" : "channel_member" }),
        );
        await store.members.insert(memberRow(ch.cid, you.id));
        const parent = messageRow(ch.cid, me.id, 1, { text: `${word} parent` });
        await store.messages.insert(parent);
        await store.messages.insert(
          messageRow(ch.cid, you.id, 2, { text: `${word} reply`, parent_id: parent.id }),
        );
        const mention = messageRow(ch.cid, you.id, 3, { text: `${word} mention` });
        await store.messages.insert(mention);
        await store.conversation.setMentions(mention.id, ch.cid, 3, [me.id]);
        await store.conversation.addThreadMember({
          parent_id: parent.id,
          user_id: me.id,
          cid: ch.cid,
          last_read_seq: 1,
        });
        await store.channels.update(ch.cid, { last_seq: 3 });
      }
    });

    const all = () => [plain, owned, direct, other].map((c) => c.cid).sort();
    const shown = () => [owned, direct, other].map((c) => c.cid).sort();

    it("leaves hidden kinds out of the channel list", async () => {
      const list = (h?: MembershipKind[]) =>
        ctx.store.channels
          .listForUser({
            userId: me.id,
            hide: h,
            sortField: "created_at",
            sortDirection: 1,
            limit: 100,
            offset: 0,
          })
          .then((rows) => rows.map((r) => r.cid).sort());
      expect(await list()).toEqual(all());
      expect(await list(hide)).toEqual(shown());
    });

    it("leaves hidden kinds out of unread counts, mentions and threads", async () => {
      const cids = (rows: { cid: string }[]) => [...new Set(rows.map((r) => r.cid))].sort();
      expect(cids(await ctx.store.messages.unreadForUser(me.id))).toEqual(all());
      expect(cids(await ctx.store.messages.unreadForUser(me.id, hide))).toEqual(shown());
      expect(cids(await ctx.store.conversation.unreadMentions(me.id, hide))).toEqual(shown());
      expect(cids(await ctx.store.conversation.unreadThreads(me.id))).toEqual(all());
      expect(cids(await ctx.store.conversation.unreadThreads(me.id, hide))).toEqual(shown());
    });

    it("leaves hidden kinds out of channel and message search", async () => {
      const channels = async (h?: MembershipKind[]) =>
        (await ctx.store.search.channels({ userId: me.id, hide: h, text: word, limit: 100, offset: 0 }))
          .map((c) => c.cid)
          .sort();
      expect(await channels()).toEqual(all());
      expect(await channels(hide)).toEqual(shown());
      const messages = async (h?: MembershipKind[]) =>
        [
          ...new Set(
            (
              await ctx.store.search.messages({
                userId: me.id,
                hide: h,
                exact: [word],
                prefix: "men",
                limit: 50,
              })
            ).map((m) => m.message.cid),
          ),
        ].sort();
      expect(await messages()).toEqual(all());
      expect(await messages(hide)).toEqual(shown());
    });

    it("lists a channel's members with their channel and app roles", async () => {
      const rows = await ctx.store.members.withRoles(owned.cid);
      expect(rows.find((r) => r.user_id === me.id)).toEqual({
        user_id: me.id,
        role: "owner",
        app_role: "moderator",
      });
      expect(rows).toHaveLength(2);
    });

    it("names every channel type", async () => {
      expect(await ctx.store.channelTypes.names()).toEqual(expect.arrayContaining([TYPE, OTHER_TYPE]));
    });
  });
}
