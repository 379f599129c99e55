import { randomUUID } from "node:crypto";
import {
  MAX_PUSH_SUBSCRIPTIONS,
  type PushPayload,
  type PushSubscriptionBody,
  type PushSubscriptionResponse,
} from "@parley/protocol";
import type { PushSubscriptionRow, Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { type Clock, iso } from "../clock.js";
import { invalid, notFound } from "../errors.js";

const MAX_USER_AGENT = 256;

export interface PushDevicesOptions {
  vapidPublicKey: string;
  /** Lets endpoints be http://127.0.0.1 (OUTBOUND_ALLOW_LOOPBACK, for tests only). */
  allowLoopback: boolean;
}

/** The devices (push subscriptions) a user receives Web Push on (docs/notifications.md). */
export class PushDevicesService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly options: PushDevicesOptions,
  ) {}

  get vapidPublicKey(): string {
    return this.options.vapidPublicKey;
  }

  async list(actor: Actor): Promise<PushSubscriptionResponse[]> {
    return (await this.store.notifications.subscriptions(actor.userId)).map(toResponse);
  }

  /** Registers a device; the same endpoint again replaces its keys; past the limit the oldest goes. */
  async add(actor: Actor, body: PushSubscriptionBody, userAgent: string): Promise<PushSubscriptionResponse> {
    const endpoint = this.endpoint(body.endpoint);
    checkKeys(body.keys);
    const now = iso(this.clock());
    return this.store.transaction(async (tx) => {
      const saved = await tx.notifications.saveSubscription({
        id: randomUUID(),
        user_id: actor.userId,
        endpoint: endpoint.href,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        user_agent: userAgent.slice(0, MAX_USER_AGENT),
        created_at: now,
      });
      const all = await tx.notifications.subscriptions(actor.userId);
      for (const old of all.slice(0, Math.max(0, all.length - MAX_PUSH_SUBSCRIPTIONS)))
        await tx.notifications.deleteSubscription(old.id);
      return toResponse(saved);
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await this.store.notifications.deleteSubscription(id, actor.userId)))
      throw notFound("push subscription");
  }

  /** Queues a test notification to each of the actor's devices; answers how many. */
  async test(actor: Actor): Promise<number> {
    const devices = await this.store.notifications.subscriptions(actor.userId);
    const payload: PushPayload = {
      kind: "test",
      title: "Parley",
      body: "Notifications work on this device.",
      tag: "parley-test",
      url: "/settings/notifications",
    };
    const now = iso(this.clock());
    const id = `test:${randomUUID()}`;
    await this.store.notifications.addDeliveries(
      devices.map((d) => ({
        message_id: id,
        subscription_id: d.id,
        payload: JSON.stringify(payload),
        attempts: 0,
        next_at: now,
      })),
    );
    return devices.length;
  }

  private endpoint(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalid("endpoint", "endpoint must be a URL");
    }
    const loopback = url.hostname === "127.0.0.1" && url.protocol === "http:";
    if (url.protocol !== "https:" && !(loopback && this.options.allowLoopback))
      throw invalid("endpoint", "endpoint must be an https URL");
    if (url.username || url.password) throw invalid("endpoint", "endpoint must not carry credentials");
    return url;
  }
}

/** The keys' decoded lengths: a P-256 point (65 bytes, uncompressed) and a 16-byte secret. */
function checkKeys(keys: PushSubscriptionBody["keys"]): void {
  const p256dh = Buffer.from(keys.p256dh, "base64url");
  if (p256dh.length !== 65 || p256dh[0] !== 0x04)
    throw invalid("keys.p256dh", "keys.p256dh must be an uncompressed P-256 public key (65 bytes)");
  if (Buffer.from(keys.auth, "base64url").length !== 16)
    throw invalid("keys.auth", "keys.auth must be 16 bytes");
}

function toResponse(row: PushSubscriptionRow): PushSubscriptionResponse {
  return {
    id: row.id,
    endpoint_origin: new URL(row.endpoint).origin,
    user_agent: row.user_agent,
    created_at: row.created_at,
  };
}
