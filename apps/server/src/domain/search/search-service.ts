import {
  SEARCH_PAGE_SIZE,
  type SearchChannelsResponse,
  type SearchMessagesQuery,
  type SearchMessagesResponse,
  type SearchPageQuery,
  type SearchUsersResponse,
} from "@parley/protocol";
import type { MembershipKind, Store } from "../../store/store.js";
import { CHANNEL_ROLES } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { hiddenKinds } from "../channels/readable.js";
import { toChannelResponse } from "../channels/serialize.js";
import { decodeCursor, encodeCursor } from "../page-cursor.js";
import { toUserResponse } from "../users/serialize.js";
import { resolveFilters } from "./search-filters.js";
import { hasFilters, hasWords, parseSearch } from "./search-query.js";
import { toMessageSearchResult } from "./serialize.js";

/**
 * Search (spec §3, §9). Who may find what is fixed here and nowhere else: a user finds the
 * messages and channels of the channels they are a member of at the moment of the query (never
 * those of a channel they left or were removed from, never a public channel they did not join,
 * never one whose policies do not let them read it), and other users who are not deleted. Server-side tokens search as the user they act for.
 */
export class SearchService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
  ) {}

  /**
   * Regular messages, newest first (created_at desc, then id desc), with an opaque `next`: the
   * words and phrases of `q`, narrowed by its filters and the filter parameters
   * (search-query.ts). No word and no filter finds nothing.
   */
  async messages(actor: Actor, q: SearchMessagesQuery): Promise<SearchMessagesResponse> {
    const limit = q.limit ?? SEARCH_PAGE_SIZE;
    const before = q.next === undefined ? undefined : decodeCursor(q.next);
    const parsed = parseSearch(q);
    const { terms } = parsed;
    if (!hasWords(terms) && !hasFilters(parsed)) return { results: [] };
    const hide = [...(await hiddenKinds(this.types, actor)), ...(await this.#unsearchableKinds())];
    const filters = await resolveFilters(this.store, actor.userId, hide, parsed);
    const hits = await this.store.search.messages({
      userId: actor.userId,
      hide,
      exact: terms.exact,
      phrases: terms.phrases,
      ...(terms.prefix === undefined ? {} : { prefix: terms.prefix }),
      filters,
      before,
      limit: limit + 1,
    });
    const page = hits.slice(0, limit);
    const last = page.at(-1);
    const results = page.map((h) => toMessageSearchResult(h, terms));
    if (hits.length <= limit || !last) return { results };
    return { results, next: encodeCursor({ createdAt: last.message.created_at, id: last.message.id }) };
  }

  /** Every membership of the channel types whose config turns message search off. */
  async #unsearchableKinds(): Promise<MembershipKind[]> {
    const kinds: MembershipKind[] = [];
    for (const type of await this.types.names()) {
      if ((await this.types.get(type)).search) continue;
      for (const role of CHANNEL_ROLES)
        for (const is_direct of [false, true]) kinds.push({ type, role, is_direct });
    }
    return kinds;
  }

  /**
   * Users by id or name (prefix or word prefix), the searcher and deleted users excluded, by id.
   * A user banned app-wide is listed without their activity (online, last active).
   */
  async users(actor: Actor, q: SearchPageQuery): Promise<SearchUsersResponse> {
    const rows = await this.store.users.search({
      text: q.q ?? "",
      excludeId: actor.userId,
      limit: q.limit ?? SEARCH_PAGE_SIZE,
      offset: q.offset ?? 0,
    });
    const now = new Date().toISOString();
    const users = await Promise.all(
      rows.map(async (r) => {
        const user = toUserResponse(r);
        const banned = (await this.store.moderation.activeBans(r.id, ["*"], now)).length > 0;
        return banned ? { ...user, online: false, last_active: null } : user;
      }),
    );
    return { users };
  }

  /** The searcher's live channels whose name (or a word of it) starts with `q`, by name. */
  async channels(actor: Actor, q: SearchPageQuery): Promise<SearchChannelsResponse> {
    const rows = await this.store.search.channels({
      userId: actor.userId,
      hide: await hiddenKinds(this.types, actor),
      text: q.q ?? "",
      limit: q.limit ?? SEARCH_PAGE_SIZE,
      offset: q.offset ?? 0,
    });
    const channels = await Promise.all(
      rows.map(async (r) => toChannelResponse(r, await this.types.get(r.type))),
    );
    return { channels };
  }
}
