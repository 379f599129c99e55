import type { NotificationSettings } from "@parley/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import { type AttemptLimiter, memoryAttemptLimiter } from "../../domain/accounts/attempt-limiter.js";
import { ChannelTypes } from "../../domain/channels/channel-types.js";
import type { Clock } from "../../domain/clock.js";
import {
  EmailAddressService,
  VERIFICATION_WINDOW_MS,
  VERIFICATIONS_PER_WINDOW,
} from "../../domain/notifications/email-address-service.js";
import { EmailDigestService } from "../../domain/notifications/email-digest-service.js";
import type { Mailer, MailKind, MailOutcome } from "../../domain/notifications/email-ports.js";
import { toNotificationSettings } from "../../domain/notifications/settings-view.js";
import type { NotificationSettingsRow, Store } from "../../store/store.js";
import type { Lease } from "../lease.js";
import { DIGEST_LEASE_MS, DigestWorker } from "./digest-worker.js";
import { createMailSender } from "./mail-sender.js";

export interface EmailFeatureDeps {
  store: Store;
  clock: Clock;
  config: Config;
  /** Signs unsubscribe links. */
  appSecret: string;
  log: FastifyBaseLogger;
  /** Makes the digest worker's lease (one node sends digests at a time). */
  lease: (name: string, ttlMs: number) => Lease;
  /** The channel types' policies (`services.types`): digests cover only channels the user may read. */
  types?: ChannelTypes;
  /** Counts verification emails per user (5 an hour); across nodes pass the Redis-backed limiter. */
  verificationLimiter?: AttemptLimiter;
  /** Told of every email, for the metrics (`parley_email_total{kind,outcome}`). */
  onSent?: (kind: MailKind, outcome: MailOutcome) => void;
  /** The settings as the API answers them (`NotificationsService.view`); by default with push available. */
  view?: (row: NotificationSettingsRow | undefined) => NotificationSettings;
}

/** Email for what was missed: address verification, digests, unsubscribe (docs/notifications.md). */
export interface EmailFeature {
  /** Whether SMTP_URL is set: without it nothing is ever sent. */
  readonly available: boolean;
  /** Addresses, their verification and unsubscribing (the routes in http/routes/chat-email.ts). */
  readonly addresses: EmailAddressService;
  /** The transport itself, for the other emails (password resets). */
  readonly mailer: Mailer;
  start(): void;
  stop(): Promise<void>;
  /** One digest round now (the worker runs them on a timer); answers the emails sent. */
  runDigests(): Promise<number>;
}

export function createEmailFeature(deps: EmailFeatureDeps): EmailFeature {
  const { store, clock, config, appSecret, log } = deps;
  const mailer = createMailSender({
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom,
    log,
    onSent: deps.onSent,
  });
  const view = deps.view ?? ((row) => toNotificationSettings(row, { email: mailer.available, push: true }));
  const addresses = new EmailAddressService({
    store,
    clock,
    mailer,
    appSecret,
    publicUrl: config.publicUrl,
    limiter:
      deps.verificationLimiter ?? memoryAttemptLimiter(VERIFICATIONS_PER_WINDOW, VERIFICATION_WINDOW_MS),
    view,
  });
  const digests = new EmailDigestService({
    store,
    types: deps.types ?? new ChannelTypes(store, clock),
    clock,
    mailer,
    appSecret,
    publicUrl: config.publicUrl,
  });
  const worker = new DigestWorker({
    clock,
    lease: deps.lease("email-digest", DIGEST_LEASE_MS),
    digests,
    log,
  });
  return {
    available: mailer.available,
    addresses,
    mailer,
    start() {
      if (mailer.available) worker.start();
    },
    async stop() {
      await worker.stop();
      mailer.close();
    },
    runDigests: () => (mailer.available ? worker.runOnce() : Promise.resolve(0)),
  };
}
