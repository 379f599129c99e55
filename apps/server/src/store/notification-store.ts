import type { MemberRow, NotificationSettingsRow, PushDeliveryRow, PushSubscriptionRow } from "./rows.js";

/** A push subscription of a member of a channel, with what the notify rule reads of both. */
export interface PushCandidate {
  subscription: PushSubscriptionRow;
  member: MemberRow;
  settings: NotificationSettingsRow | undefined;
}

/** Notification settings, push devices, the notification outbox and worker leases. */
export interface NotificationRepo {
  settings(userId: string): Promise<NotificationSettingsRow | undefined>;
  /** Writes the patch over the stored row (or the defaults); answers the row. */
  saveSettings(
    userId: string,
    patch: Partial<Omit<NotificationSettingsRow, "user_id" | "updated_at">>,
    now: string,
  ): Promise<NotificationSettingsRow>;
  byEmailToken(tokenHash: string): Promise<NotificationSettingsRow | undefined>;
  subscriptions(userId: string): Promise<PushSubscriptionRow[]>;
  /** Inserts, or updates the keys and owner of the same endpoint; answers the stored row. */
  saveSubscription(row: PushSubscriptionRow): Promise<PushSubscriptionRow>;
  /** Deletes one subscription (of `userId` when given); answers whether it existed. */
  deleteSubscription(id: string, userId?: string): Promise<boolean>;
  /** Every subscription of a member of `cid`, with the member's row and settings. */
  candidates(cid: string): Promise<PushCandidate[]>;
  queued(limit: number): Promise<{ message_id: string; cid: string; created_at: string }[]>;
  dequeue(messageIds: readonly string[]): Promise<void>;
  /** Adds deliveries; a (message, device) pair already there is left as it is. */
  addDeliveries(rows: readonly PushDeliveryRow[]): Promise<void>;
  dueDeliveries(
    now: string,
    limit: number,
  ): Promise<(PushDeliveryRow & { subscription: PushSubscriptionRow })[]>;
  deleteDelivery(messageId: string, subscriptionId: string): Promise<void>;
  postponeDelivery(
    messageId: string,
    subscriptionId: string,
    attempts: number,
    nextAt: string,
  ): Promise<void>;
  /** Takes or renews lease `name` for `holder` until `until`; answers whether `holder` holds it. */
  claimLease(name: string, holder: string, now: string, until: string): Promise<boolean>;
  releaseLease(name: string, holder: string): Promise<void>;
  /** Memberships whose timed mute ended by `now`. */
  expiredMutes(now: string, limit: number): Promise<{ cid: string; user_id: string }[]>;
}
