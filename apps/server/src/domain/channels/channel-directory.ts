import type { ChannelResponse, JoinableChannelsQuery } from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "./channel-types.js";
import { joinableTypes } from "./readable.js";
import { toChannelResponse } from "./serialize.js";

/** Finding channels one is not in yet: the ones the policies let one join (`team`, by default). */
export class ChannelDirectory {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
  ) {}

  async joinable(actor: Actor, query: JoinableChannelsQuery): Promise<{ channels: ChannelResponse[] }> {
    const rows = await this.store.channels.listJoinable({
      userId: actor.userId,
      types: await joinableTypes(this.types, actor),
      text: query.q,
      limit: query.limit ?? 30,
      offset: query.offset ?? 0,
    });
    const channels = await Promise.all(
      rows.map(async (row) => toChannelResponse(row, await this.types.get(row.type))),
    );
    return { channels };
  }
}
