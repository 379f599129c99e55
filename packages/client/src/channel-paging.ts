/**
 * The paging part of a channel: older pages prepended, and history opened far back (`loadAround`)
 * kept apart from the newest messages, with `state.gapAfter` marking the hole `loadNewer` fills.
 */
import type { ChannelStateResponse, MessagePagination } from "@parley/protocol";
import { applyAroundPage, applyNewerPage, applyOlderPage } from "./channel-state.js";
import type { ChannelStateCell } from "./channel-store.js";
import type { ClientServices } from "./channel-types.js";
import { firstUnread } from "./first-unread.js";

export type PagingServices = Pick<ClientServices, "rest" | "pageSize">;

/** Older pages read, at most, to reach a first unread message no read position names. */
const FIRST_UNREAD_PAGES = 5;

export class ChannelPaging {
  readonly #store: ChannelStateCell;
  readonly #services: PagingServices;

  constructor(store: ChannelStateCell, services: PagingServices) {
    this.#store = store;
    this.#services = services;
  }

  /** Loads the page `id_lt`, `id_gt` or `id_around` names and merges it into the messages. */
  async page(pagination: MessagePagination): Promise<ChannelStateResponse> {
    const store = this.#store;
    const limit = pagination.limit ?? this.#services.pageSize;
    const response = await this.#services.rest.queryChannel(store.type, store.requireId(), {
      create: false,
      messages: { ...pagination, limit },
    });
    if (pagination.id_around) {
      store.set(applyAroundPage(store.state, response.messages, pagination.id_around, limit));
    } else {
      store.set(
        applyOlderPage(store.state, response.messages, pagination.id_lt ? limit : Number.MAX_SAFE_INTEGER),
      );
    }
    return response;
  }

  async loadAround(messageId: string, limit = this.#services.pageSize): Promise<void> {
    const store = this.#store;
    const response = await this.#services.rest.queryChannel(store.type, store.requireId(), {
      create: false,
      messages: { id_around: messageId, limit },
    });
    store.set(applyAroundPage(store.state, response.messages, messageId, limit));
  }

  /**
   * Makes sure the current user's first unread message is held: when the newest page does not
   * reach back to it, history is loaded around the last message read (a window apart from the
   * newest messages, as `loadAround`), or older pages without one. Resolves with its id, or null
   * when nothing is unread.
   */
  async loadFirstUnread(): Promise<string | null> {
    const userId = this.#store.ctx.userId;
    let found = firstUnread(this.#store.state, userId);
    if (found.kind === "missing" && found.around) {
      await this.loadAround(found.around);
      found = firstUnread(this.#store.state, userId);
    }
    // No read position (never read): older pages, unless more are unread than they could reach.
    const reach = FIRST_UNREAD_PAGES * this.#services.pageSize;
    if (found.kind === "missing" && this.#store.state.unreadCount > reach) return null;
    for (let page = 0; found.kind === "missing" && page < FIRST_UNREAD_PAGES; page += 1) {
      if ((await this.loadOlder()) === 0) break;
      found = firstUnread(this.#store.state, userId);
    }
    return found.kind === "held" ? found.id : null;
  }

  /** Leaves a window opened far back: only the newest messages (after the hole) stay. */
  dropWindow(): void {
    const store = this.#store;
    const at = store.state.messages.findIndex((m) => m.id === store.state.gapAfter);
    if (at === -1) return;
    store.set({
      ...store.state,
      messages: store.state.messages.slice(at + 1),
      gapAfter: null,
      hasMoreOlder: true,
    });
  }

  /** Loads the page after `state.gapAfter`. Resolves with the number of messages loaded. */
  async loadNewer(limit = this.#services.pageSize): Promise<number> {
    const store = this.#store;
    const after = store.state.gapAfter;
    if (!after) return 0;
    const response = await this.#services.rest.queryChannel(store.type, store.requireId(), {
      create: false,
      messages: { id_gt: after, limit },
    });
    if (store.state.gapAfter === after) store.set(applyNewerPage(store.state, response.messages, limit));
    return response.messages.length;
  }

  /** Loads the page before the oldest message held. Resolves with the number of messages loaded. */
  async loadOlder(limit = this.#services.pageSize): Promise<number> {
    const oldest = this.#store.state.messages.find((m) => m.status === "received");
    if (!oldest) return 0;
    const response = await this.page({ id_lt: oldest.id, limit });
    return response.messages.length;
  }
}
