/**
 * The channel actions of a channel: its data (name, image), members and roles, joining and
 * leaving, the user's own flags (read, hidden, muted), truncation and deletion. Each applies its
 * REST answer to the state; the events that follow are deduplicated with it.
 */
import type { ChannelNotifyLevel, ChannelResponse, MembershipResponse } from "@parley/protocol";
import { withOwnNotify, withOwnStar } from "./channel-events.js";
import {
  applyOwnRead,
  withChannelData,
  withMembers,
  withMembershipFlags,
  withoutMembership,
} from "./channel-state.js";
import type { ChannelStateCell } from "./channel-store.js";
import type { ClientServices } from "./channel-types.js";
import { applyTruncation } from "./message-reducers.js";

export type ActionServices = Pick<ClientServices, "rest" | "userID">;

export class ChannelActions {
  readonly #store: ChannelStateCell;
  readonly #services: ActionServices;
  /** Queries the channel again (after joining it). */
  readonly #reload: () => Promise<unknown>;

  constructor(store: ChannelStateCell, services: ActionServices, reload: () => Promise<unknown>) {
    this.#store = store;
    this.#services = services;
    this.#reload = reload;
  }

  async markRead(options: { message_id?: string }): Promise<void> {
    const store = this.#store;
    const { read } = await this.#services.rest.markRead(store.type, store.requireId(), options.message_id);
    store.set(applyOwnRead(store.state, read, store.ctx));
  }

  async update(set: { name?: string; image?: string; topic?: string }): Promise<ChannelResponse> {
    const store = this.#store;
    const { channel } = await this.#services.rest.updateChannel(store.type, store.requireId(), set);
    store.set(withChannelData(store.state, channel));
    return channel;
  }

  async addMembers(userIds: string[]): Promise<void> {
    const store = this.#store;
    const { channel, members } = await this.#services.rest.updateMembers(store.type, store.requireId(), {
      add: userIds,
    });
    const next = withChannelData(store.state, channel);
    store.set(
      withMembers(
        next,
        members.filter((m) => userIds.includes(m.user_id)),
        [],
        store.ctx,
      ),
    );
  }

  async removeMembers(userIds: string[]): Promise<void> {
    const store = this.#store;
    const { channel } = await this.#services.rest.updateMembers(store.type, store.requireId(), {
      remove: userIds,
    });
    store.set(withMembers(withChannelData(store.state, channel), [], userIds, store.ctx));
  }

  async assignRoles(
    roles: { user_id: string; channel_role: "channel_member" | "channel_moderator" }[],
  ): Promise<void> {
    const store = this.#store;
    const { channel, members } = await this.#services.rest.updateMembers(store.type, store.requireId(), {
      assign_roles: roles,
    });
    const changed = new Set(roles.map((r) => r.user_id));
    const next = withChannelData(store.state, channel);
    store.set(
      withMembers(
        next,
        members.filter((m) => changed.has(m.user_id)),
        [],
        store.ctx,
      ),
    );
  }

  async join(): Promise<void> {
    const store = this.#store;
    const { channel, member } = await this.#services.rest.joinChannel(store.type, store.requireId());
    let next = withMembers(withChannelData(store.state, channel), [member], [], store.ctx);
    if (member.user_id === this.#services.userID && !next.membership) {
      const own = {
        muted: false,
        muted_until: null,
        hidden: false,
        notify_level: "default",
        starred: false,
      } as const;
      next = { ...next, membership: { ...member, ...own } };
    }
    store.set(next);
    await this.#reload();
  }

  async leave(): Promise<void> {
    const store = this.#store;
    await this.#services.rest.leaveChannel(store.type, store.requireId());
    store.set(withoutMembership(store.state, this.#services.userID));
  }

  /** Hides the channel from the list until its next new message. */
  async hide(): Promise<void> {
    const store = this.#store;
    await this.#services.rest.hideChannel(store.type, store.requireId());
    store.set(withMembershipFlags(store.state, { hidden: true }));
  }

  async show(): Promise<void> {
    const store = this.#store;
    await this.#services.rest.showChannel(store.type, store.requireId());
    store.set(withMembershipFlags(store.state, { hidden: false }));
  }

  /** Mutes the channel: until `until` (an ISO time), or until unmuted. */
  async mute(until?: string): Promise<void> {
    const store = this.#store;
    const params = { type: store.type, id: store.requireId() };
    await this.#services.rest.call("muteChannel", { params, body: until ? { until } : {} });
    store.set(withOwnNotify(store.state, { muted: true, muted_until: until ?? null }));
  }

  async unmute(): Promise<void> {
    const store = this.#store;
    await this.#services.rest.unmuteChannel(store.type, store.requireId());
    store.set(withOwnNotify(store.state, { muted: false, muted_until: null }));
  }

  /** What notifies the user here: all, mentions and DMs, nothing, or their default level. */
  async setNotifyLevel(level: ChannelNotifyLevel): Promise<MembershipResponse> {
    const store = this.#store;
    const params = { type: store.type, id: store.requireId() };
    const { membership } = await this.#services.rest.call("setChannelNotifications", {
      params,
      body: { level },
    });
    store.set(withOwnNotify(store.state, { notify_level: membership.notify_level }));
    return membership;
  }

  /** Stars (a favourite) or unstars the channel for the user. */
  async setStarred(starred: boolean): Promise<void> {
    const store = this.#store;
    const params = { type: store.type, id: store.requireId() };
    const { membership } = await this.#services.rest.call("starChannel", { params, body: { starred } });
    store.set(withOwnStar(store.state, membership.starred));
  }

  async truncate(): Promise<ChannelResponse> {
    const store = this.#store;
    const { channel } = await this.#services.rest.truncateChannel(store.type, store.requireId());
    store.set(applyTruncation(store.state, channel, channel.truncated_at ?? channel.updated_at, store.ctx));
    return channel;
  }

  async delete(): Promise<ChannelResponse> {
    const store = this.#store;
    const { channel } = await this.#services.rest.deleteChannel(store.type, store.requireId());
    store.set(withChannelData(store.state, channel));
    return channel;
  }
}
