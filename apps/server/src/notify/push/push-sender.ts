import { createHash } from "node:crypto";
import webPush from "web-push";
import { OutboundError, type OutboundGuard } from "../../outbound/outbound-guard.js";
import type { PushSubscriptionRow } from "../../store/store.js";

/** `sent`; `gone`: the push service says the subscription is no more (drop it); `retry`: later. */
export type PushOutcome = { outcome: "sent" } | { outcome: "gone" | "retry"; detail: string };

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** A day: a phone that comes back online later than that gets no stale notification. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Sends one Web Push message (RFC 8030): the payload encrypted for the device (RFC 8291,
 * aes128gcm) and signed with the server's VAPID key (RFC 8292) by `web-push`, the request made
 * through the outbound guard like every request the server makes to a URL it was given.
 */
export class PushSender {
  constructor(
    private readonly guard: OutboundGuard,
    private readonly vapid: VapidKeys,
  ) {}

  async send(subscription: PushSubscriptionRow, payload: string, collapseKey: string): Promise<PushOutcome> {
    let details: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      details = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: this.vapid,
          TTL: TTL_SECONDS,
          urgency: "high",
          // Replaces a push of the same channel the device has not fetched yet (RFC 8030 §5.4).
          topic: createHash("sha256").update(collapseKey).digest("base64url").slice(0, 32),
          contentEncoding: "aes128gcm",
        },
      );
    } catch (err) {
      return {
        outcome: "gone",
        detail: `the subscription cannot be encrypted for: ${(err as Error).message}`,
      };
    }
    try {
      await this.guard.fetch(details.endpoint, {
        method: "POST",
        body: details.body ?? Buffer.alloc(0),
        headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
        maxBytes: 64 * 1024,
        timeoutMs: TIMEOUT_MS,
      });
      return { outcome: "sent" };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      const gone =
        (err.kind === "status" && (err.status === 404 || err.status === 410)) ||
        err.kind === "refused" ||
        err.kind === "invalid_url";
      return { outcome: gone ? "gone" : "retry", detail: err.message };
    }
  }
}
