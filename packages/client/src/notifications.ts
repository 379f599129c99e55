/**
 * Notification settings (docs/api.md "Notifications"): the default level, Do Not Disturb, each
 * channel's level, Web Push devices and email digests. `client.notifications` is the client's;
 * what the answers change is kept in the client's state (`client.user.notify`, each channel's
 * membership) as the events that follow them would keep it.
 */
import type {
  ChannelNotifyLevel,
  MembershipResponse,
  NotificationSettings,
  NotifyMessage,
  NotifyRecipient,
  OwnNotify,
  OwnUserResponse,
  PushSubscriptionBody,
  PushSubscriptionResponse,
  UpdateNotificationSettingsBody,
} from "@parley/protocol";
import { parseCid } from "@parley/protocol";
import type { Channel } from "./channel.js";
import type { RequestOptions, RestClient } from "./rest.js";

/** A change of the settings; `dnd_until` may be a Date (null turns Do Not Disturb off). */
export type NotificationSettingsPatch = Omit<UpdateNotificationSettingsBody, "dnd_until"> & {
  dnd_until?: Date | string | null;
};

/** What `client.notifications` needs of its client. */
export interface NotificationsHost {
  rest: Pick<RestClient, "call">;
  /** The channel object the client holds for `cid`, if any. */
  held(cid: string): Channel | undefined;
  /** The own part of the settings, as an answer gave it: kept in `client.user.notify`. */
  setNotify(notify: OwnNotify): void;
}

export class Notifications {
  readonly #host: NotificationsHost;

  constructor(host: NotificationsHost) {
    this.#host = host;
  }

  /** The user's settings, with what this server offers (`push_available`, `email_available`). */
  async settings(options?: RequestOptions): Promise<NotificationSettings> {
    const { settings } = await this.#host.rest.call("getNotificationSettings", undefined, options);
    return this.#took(settings);
  }

  /** Changes the default level, Do Not Disturb or the email digest; answers the settings. */
  async update(patch: NotificationSettingsPatch, options?: RequestOptions): Promise<NotificationSettings> {
    const { dnd_until, ...rest } = patch;
    const body: UpdateNotificationSettingsBody = { ...rest };
    if (dnd_until !== undefined)
      body.dnd_until = dnd_until instanceof Date ? dnd_until.toISOString() : dnd_until;
    const { settings } = await this.#host.rest.call("updateNotificationSettings", { body }, options);
    return this.#took(settings);
  }

  /**
   * What notifies the user in channel `cid`. A channel the client holds takes the answer into its
   * state (`channel.setNotifyLevel` is the same call). Muting is `channel.mute({ until })`.
   */
  async setChannelLevel(cid: string, level: ChannelNotifyLevel): Promise<MembershipResponse> {
    const held = this.#host.held(cid);
    if (held?.id !== undefined) return held.setNotifyLevel(level);
    const parsed = parseCid(cid);
    if (!parsed) throw new Error(`invalid cid: ${cid}`);
    const params = { type: parsed.type, id: parsed.id };
    const { membership } = await this.#host.rest.call("setChannelNotifications", { params, body: { level } });
    return membership;
  }

  /** Sets the address digests go to; the server emails it a verification link. */
  async setEmail(address: string, options?: RequestOptions): Promise<NotificationSettings> {
    const { settings } = await this.#host.rest.call("setEmailAddress", { body: { address } }, options);
    return this.#took(settings);
  }

  async removeEmail(options?: RequestOptions): Promise<NotificationSettings> {
    const { settings } = await this.#host.rest.call("removeEmailAddress", undefined, options);
    return this.#took(settings);
  }

  /** Confirms an address with the token of its verification link (no session needed). */
  async verifyEmail(token: string, options?: RequestOptions): Promise<string> {
    const { address } = await this.#host.rest.call("verifyEmail", { body: { token } }, options);
    return address;
  }

  /** Turns email digests off with the token of an email's unsubscribe link (no session needed). */
  async unsubscribe(token: string, options?: RequestOptions): Promise<void> {
    await this.#host.rest.call("unsubscribeEmail", { body: { token } }, options);
  }

  /** The server's VAPID public key (base64url), the `applicationServerKey` of `PushManager.subscribe`. */
  async vapidKey(options?: RequestOptions): Promise<string> {
    const { public_key } = await this.#host.rest.call("vapidKey", undefined, options);
    return public_key;
  }

  /** The user's devices that receive Web Push. */
  async devices(options?: RequestOptions): Promise<PushSubscriptionResponse[]> {
    const { subscriptions } = await this.#host.rest.call("listPushSubscriptions", undefined, options);
    return subscriptions;
  }

  /** Registers this device: `subscription` is `PushSubscription.toJSON()`. Registering again updates it. */
  async addDevice(
    subscription: PushSubscriptionBody,
    options?: RequestOptions,
  ): Promise<PushSubscriptionResponse> {
    const { endpoint, keys, expirationTime } = subscription;
    const body: PushSubscriptionBody = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    if (expirationTime !== undefined) body.expirationTime = expirationTime;
    const answer = await this.#host.rest.call("addPushSubscription", { body }, options);
    return answer.subscription;
  }

  async removeDevice(id: string, options?: RequestOptions): Promise<void> {
    await this.#host.rest.call("removePushSubscription", { params: { id } }, options);
  }

  /** Sends a test notification to every device of the user; answers how many there are. */
  async test(options?: RequestOptions): Promise<number> {
    const { devices } = await this.#host.rest.call("testPush", undefined, options);
    return devices;
  }

  #took(settings: NotificationSettings): NotificationSettings {
    this.#host.setNotify({ default_level: settings.default_level, dnd_until: settings.dnd_until });
    return settings;
  }
}

/**
 * What `notifyReason` knows of the current user and channel `channel` (client.notifyReason):
 * null when the user is not a member of a channel the client loaded.
 */
export function notifyRecipient(
  me: OwnUserResponse,
  channel: Channel | undefined,
  message: NotifyMessage,
): NotifyRecipient | null {
  const state = channel?.state;
  // A channel first heard of by a notification is not loaded yet: the user is a member.
  if (state?.initialized && !state.membership) return null;
  const membership = state?.membership ?? null;
  return {
    userId: me.id,
    defaultLevel: me.notify?.default_level ?? "mentions",
    channelLevel: membership?.notify_level ?? "default",
    muted: membership?.muted ?? false,
    mutedUntil: membership?.muted_until ?? null,
    dndUntil: me.notify?.dnd_until ?? null,
    direct: state?.channel?.is_direct ?? false,
    inThread: Boolean(channel && message.parent_id && takesPart(channel, message.parent_id, me.id)),
    mutedUsers: me.mutes ?? [],
  };
}

/** Whether `userId` wrote the thread's parent or a reply in it, as far as the channel holds it. */
function takesPart(channel: Channel, parentId: string, userId: string): boolean {
  const parent = channel.findMessage(parentId);
  if (parent && (parent.user.id === userId || parent.thread_participants.includes(userId))) return true;
  return parentId in channel.state.threadUnread;
}
