import { ErrorCode, type NotificationSettings } from "@parley/protocol";
import type { NotificationSettingsRow, Store } from "../../store/store.js";
import type { AttemptLimiter } from "../accounts/attempt-limiter.js";
import type { Actor } from "../auth/chat-tokens.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import type { Mailer } from "./email-ports.js";
import {
  checkUnsubscribeToken,
  hashVerificationToken,
  newVerificationToken,
  unsubscribeTokenUser,
} from "./email-tokens.js";

/** How long a verification link works. */
export const VERIFICATION_TTL_MS = 24 * 3600 * 1000;
/** Verification emails one user may ask for in `VERIFICATION_WINDOW_MS`. */
export const VERIFICATIONS_PER_WINDOW = 5;
export const VERIFICATION_WINDOW_MS = 3600 * 1000;

const NO_EMAIL = "This server does not send email";
const LINK_USED =
  "This link has expired or was already used. Ask for a new one in your notification settings.";
const BAD_UNSUBSCRIBE =
  "This unsubscribe link is not valid any more (the address may have changed). Turn email digests off in your notification settings.";

export interface EmailAddressDeps {
  store: Store;
  clock: Clock;
  mailer: Mailer;
  /** Signs unsubscribe links. */
  appSecret: string;
  /** The origin links in emails point to (PUBLIC_URL). */
  publicUrl: string;
  /** Counts verification emails per user. */
  limiter: AttemptLimiter;
  /** The caller's settings as the API answers them. */
  view: (row: NotificationSettingsRow | undefined) => NotificationSettings;
}

/** The address digests go to: setting it (a verification link is emailed), verifying, forgetting, unsubscribing. */
export class EmailAddressService {
  constructor(private readonly deps: EmailAddressDeps) {}

  async setAddress(actor: Actor, address: string): Promise<NotificationSettings> {
    const { store, clock, mailer, limiter } = this.deps;
    if (!mailer.available) throw new DomainError(ErrorCode.badRequest, NO_EMAIL);
    const current = await store.notifications.settings(actor.userId);
    if (current?.email === address && current.email_verified) return this.deps.view(current);
    const now = clock();
    const wait = await limiter.take(`email-verification:${actor.userId}`, now.getTime());
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      const err = new DomainError(
        ErrorCode.rateLimited,
        `Too many verification emails were asked for. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
      throw Object.assign(err, { retryAfterSeconds: Math.ceil(wait / 1000) });
    }
    const { token, hash } = newVerificationToken();
    // Stored before the email goes, so its link works however fast it is opened.
    const row = await store.notifications.saveSettings(
      actor.userId,
      {
        email: address,
        email_verified: false,
        email_token_hash: hash,
        email_token_expires_at: iso(new Date(now.getTime() + VERIFICATION_TTL_MS)),
      },
      iso(now),
    );
    const link = `${this.deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    const outcome = await mailer.sendVerification({ to: address, link });
    if (outcome === "rejected")
      throw new DomainError(
        ErrorCode.badRequest,
        "The mail server refused this address; check it and try again.",
      );
    if (outcome !== "sent")
      throw new DomainError(
        ErrorCode.unavailable,
        "The verification email could not be sent right now; try again in a few minutes.",
      );
    return this.deps.view(row);
  }

  async removeAddress(actor: Actor): Promise<NotificationSettings> {
    const row = await this.deps.store.notifications.saveSettings(
      actor.userId,
      { email: null, email_verified: false, email_token_hash: null, email_token_expires_at: null },
      iso(this.deps.clock()),
    );
    return this.deps.view(row);
  }

  /** Confirms the address of a verification link; the link works once, for a day. */
  async verify(token: string): Promise<{ address: string }> {
    const { store, clock } = this.deps;
    const now = clock();
    const row = await store.notifications.byEmailToken(hashVerificationToken(token));
    const expires = row?.email_token_expires_at;
    if (!row?.email || !expires || expires <= iso(now))
      throw new DomainError(ErrorCode.badRequest, LINK_USED);
    await store.notifications.saveSettings(
      row.user_id,
      {
        email_verified: true,
        email_token_hash: null,
        email_token_expires_at: null,
        // Digests cover what is missed from now on, not a backlog from before the address.
        emailed_through: row.emailed_through ?? iso(now),
      },
      iso(now),
    );
    return { address: row.email };
  }

  /** Turns digests off with an unsubscribe link's token; the same link again changes nothing. */
  async unsubscribe(token: string): Promise<void> {
    const { store, clock, appSecret } = this.deps;
    const userId = unsubscribeTokenUser(token);
    const row = userId ? await store.notifications.settings(userId) : undefined;
    if (!userId || !row?.email || !checkUnsubscribeToken(appSecret, token, userId, row.email))
      throw new DomainError(ErrorCode.badRequest, BAD_UNSUBSCRIBE);
    if (row.email_digest)
      await store.notifications.saveSettings(userId, { email_digest: false }, iso(clock()));
  }
}
