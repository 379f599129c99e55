import {
  type ChannelQueryBody,
  type ChannelStateResponse,
  MEMBER_LIMIT,
  type MessageResponse,
  type QueryChannelsBody,
} from "@parley/protocol";
import type { Store, UserRow } from "../../store/store.js";
import { channelCapabilities } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { renderPages } from "../messages/message-view.js";
import type { MessagesService } from "../messages/messages-service.js";
import { mayShowReadPosition } from "../read-state/receipt-rules.js";
import { type ChannelContext, loadChannel, loadChannels } from "./channel-context.js";
import type { ChannelTypes } from "./channel-types.js";
import { hiddenKinds } from "./readable.js";
import { toChannelResponse, toMemberResponse, toMembershipResponse, toReadState } from "./serialize.js";

/**
 * A channel state as the domain renders it, from stored rows: `watcher_count` is presence, which
 * the realtime layer fills in for the answer (realtime/presence-fields.ts).
 */
export type RenderedChannelState = Omit<ChannelStateResponse, "watcher_count">;

/** The read side of channels: the user's list, and one channel as its reader sees it. */
export class ChannelReader {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly messages: MessagesService,
  ) {}

  async list(actor: Actor, body: QueryChannelsBody): Promise<{ channels: RenderedChannelState[] }> {
    const sort = body.sort?.[0] ?? { field: "last_message_at" as const, direction: -1 as const };
    const rows = await this.store.channels.listForUser({
      userId: actor.userId,
      hide: await hiddenKinds(this.types, actor),
      type: body.filter?.type,
      hidden: body.filter?.hidden ?? false,
      muted: body.filter?.muted,
      sortField: sort.field,
      sortDirection: sort.direction,
      limit: body.limit ?? 30,
      offset: body.offset ?? 0,
    });
    const limit = body.message_limit ?? 25;
    // The user's unread mentions, counted once for the whole list rather than once per channel.
    const mentions = await this.mentionsByChannel(actor);
    const contexts = await loadChannels(this.store, this.types, actor, rows, "ReadChannel");
    // The caller's own user, for memberships answered apart from the listed members.
    const user = await this.store.users.get(actor.userId);
    // Every channel's page is read in one statement and rendered in one batch: one read of
    // reactions (and of thread participants, polls) for the whole list (docs/performance.md, P5).
    const pages = await this.messages.newestPageRows(contexts, limit);
    const rendered = await renderPages(this.store, pages, actor.userId);
    const channels = await this.statesOf(contexts, rendered, {
      mentions,
      memberLimit: body.member_limit ?? MEMBER_LIMIT,
      user,
    });
    return { channels };
  }

  async state(
    actor: Actor,
    cid: string,
    page: ChannelQueryBody["messages"] & object,
  ): Promise<RenderedChannelState> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "ReadChannel");
    const messages = page.limit === 0 ? [] : await this.messages.pageFor(ctx, page);
    const [state] = await this.statesOf([ctx], [messages], {
      mentions: await this.mentionsByChannel(actor),
      memberLimit: MEMBER_LIMIT,
      user: ctx.user,
    });
    return state as RenderedChannelState;
  }

  /**
   * The channels' states with their messages already rendered: the listed members of every
   * channel in one statement, and their unread counts in one more (docs/performance.md, P5).
   */
  private async statesOf(
    contexts: readonly ChannelContext[],
    messages: readonly MessageResponse[][],
    known: { mentions: ReadonlyMap<string, number>; memberLimit: number; user: UserRow | undefined },
  ): Promise<RenderedChannelState[]> {
    const listed = await this.store.members.listWithUsersIn(
      contexts.map((ctx) => ctx.channel.cid),
      known.memberLimit,
    );
    const views = contexts.map((ctx) => {
      const members = listed.get(ctx.channel.cid) ?? [];
      // The first `memberLimit` members are listed; the caller's own membership and read state
      // are always answered, however many joined before them.
      let own = members.find((m) => m.member.user_id === ctx.actor.userId);
      if (!own && ctx.member && known.user) own = { member: ctx.member, user: known.user };
      const readers = own && !members.includes(own) ? [...members, own] : members;
      return { ctx, members, own, readers };
    });
    // Others' read positions only of those who share them (read-state/receipt-rules.ts).
    const notSharing = await this.store.receipts.notSharing([
      ...new Set(views.flatMap(({ readers }) => readers.map(({ member }) => member.user_id))),
    ]);
    // Counted up to the last_seq answered: a later message reaches the client as an event and is
    // counted there, not twice.
    const unread = await this.store.messages.countUnreadByChannel(
      views.map(({ ctx, readers }) => ({
        cid: ctx.channel.cid,
        readers: readers.map(({ member }) => member),
        truncatedSeq: ctx.channel.truncated_seq,
        upToSeq: ctx.channel.last_seq,
      })),
    );
    return views.map(({ ctx, members, own, readers }, i) => {
      const { actor, channel, config } = ctx;
      const counts = unread.get(channel.cid);
      const mentions = known.mentions.get(channel.cid) ?? 0;
      return {
        channel: toChannelResponse(channel, config),
        members: members.map((m) => toMemberResponse(m.member, m.user)),
        membership: own ? toMembershipResponse(own.member, own.user) : null,
        messages: messages[i] ?? [],
        read: readers
          .filter(({ member }) => mayShowReadPosition(config, member.user_id, actor.userId, notSharing))
          .map(({ member }) =>
            toReadState(
              member,
              counts?.get(member.user_id) ?? 0,
              member.user_id === actor.userId ? mentions : 0,
            ),
          ),
        last_seq: channel.last_seq,
        own_capabilities: channelCapabilities(ctx),
      };
    });
  }

  private async mentionsByChannel(actor: Actor): Promise<Map<string, number>> {
    const rows = await this.store.conversation.unreadMentions(actor.userId);
    return new Map(rows.map((m) => [m.cid, m.n]));
  }
}
