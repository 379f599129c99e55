import type {
  ChannelNotifyLevel,
  MembershipResponse,
  NotificationSettings,
  UpdateNotificationSettingsBody,
} from "@parley/protocol";
import type { NotificationSettingsRow, Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { toMembershipResponse } from "../channels/serialize.js";
import { type Clock, iso } from "../clock.js";
import { notFound } from "../errors.js";
import { emitUserUpdated } from "../users/user-updated.js";
import { futureTime } from "./future-time.js";
import { ownNotify, toNotificationSettings } from "./settings-view.js";

/** What this server can deliver: Web Push always (it has VAPID keys), email when SMTP is set. */
export interface Channels {
  email: boolean;
  push: boolean;
}

/** A user's notification settings: the default level, Do Not Disturb, a channel's level. */
export class NotificationsService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
    private readonly available: Channels,
  ) {}

  async settings(actor: Actor): Promise<NotificationSettings> {
    return this.view(await this.store.notifications.settings(actor.userId));
  }

  view(row: NotificationSettingsRow | undefined): NotificationSettings {
    return toNotificationSettings(row, this.available);
  }

  async update(actor: Actor, body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
    const now = this.clock();
    const patch: Partial<NotificationSettingsRow> = {};
    if (body.default_level !== undefined) patch.default_level = body.default_level;
    if (body.dnd_until !== undefined)
      patch.dnd_until = body.dnd_until === null ? null : futureTime("dnd_until", body.dnd_until, now);
    if (body.email_digest !== undefined) patch.email_digest = body.email_digest;
    if (body.email_delay_minutes !== undefined) patch.email_delay_minutes = body.email_delay_minutes;
    const row = await this.store.transaction(async (tx) => {
      const saved = await tx.notifications.saveSettings(actor.userId, patch, iso(now));
      // Others see Do Not Disturb by the user's name: their rendering keeps a copy of it.
      if (patch.dnd_until !== undefined) {
        await tx.users.setDndUntil(actor.userId, patch.dnd_until);
        await emitUserUpdated(tx, actor.userId, now);
      }
      tx.emit({
        kind: "users",
        userIds: [actor.userId],
        event: {
          type: "notification.settings_updated",
          cid: "",
          notify: ownNotify(saved),
          created_at: iso(now),
        },
      });
      return saved;
    });
    return this.view(row);
  }

  async setChannelLevel(actor: Actor, cid: string, level: ChannelNotifyLevel): Promise<MembershipResponse> {
    const now = iso(this.clock());
    await loadChannel(this.store, this.types, actor, cid, "LeaveChannel");
    return this.store.transaction(async (tx) => {
      await tx.members.update(cid, actor.userId, { notify_level: level });
      const member = await tx.members.get(cid, actor.userId);
      const user = await tx.users.get(actor.userId);
      if (!member || !user) throw notFound("membership");
      tx.emit({
        kind: "users",
        userIds: [actor.userId],
        event: { type: "notification.channel_level_updated", cid, level, created_at: now },
      });
      return toMembershipResponse(member, user);
    });
  }
}
