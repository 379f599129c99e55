/**
 * The paging part of a channel: older pages prepended, and history opened far back (`loadAround`)
 * kept apart from the newest messages, with `state.gapAfter` marking the hole `loadNewer` fills.
 */
import type { ChannelStateResponse, MessagePagination } from "@parley/protocol";
import { applyAroundPage, applyNewerPage, applyOlderPage } from "./channel-state.js";
import type { ChannelStateCell } from "./channel-store.js";
import type { ClientServices } from "./channel-types.js";

export type PagingServices = Pick<ClientServices, "rest" | "pageSize">;

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
