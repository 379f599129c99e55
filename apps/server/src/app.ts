import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ErrorCode } from "@parley/protocol";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { memoryAttemptLimiter } from "./domain/accounts/attempt-limiter.js";
import {
  EmailResetService,
  RESET_EMAILS_PER_ACCOUNT,
  RESET_REQUEST_WINDOW_MS,
  RESET_REQUESTS_PER_IP,
} from "./domain/accounts/email-reset-service.js";
import { type Clock, systemClock } from "./domain/clock.js";
import type { EventPort } from "./domain/events.js";
import { runMaintenance } from "./domain/maintenance.js";
import {
  VERIFICATION_WINDOW_MS,
  VERIFICATIONS_PER_WINDOW,
} from "./domain/notifications/email-address-service.js";
import { chatAuthHook } from "./http/chat-auth.js";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./http/errors.js";
import { createMetrics, registerHttpMetrics } from "./http/metrics.js";
import { registerRateLimit } from "./http/rate-limit.js";
import { oidcRoutes } from "./http/routes/account-oidc.js";
import { passwordRoutes } from "./http/routes/account-passwords.js";
import { sessionRoutes } from "./http/routes/account-sessions.js";
import { signupRoutes } from "./http/routes/account-signup.js";
import { twoFactorRoutes } from "./http/routes/account-two-factor.js";
import { accountRoutes } from "./http/routes/accounts.js";
import { chatChannelRoutes } from "./http/routes/chat-channels.js";
import { chatConversationRoutes } from "./http/routes/chat-conversation.js";
import { chatEmailPublicRoutes, chatEmailRoutes } from "./http/routes/chat-email.js";
import { chatImageRoutes } from "./http/routes/chat-images.js";
import { chatMessageRoutes } from "./http/routes/chat-messages.js";
import { chatModerationRoutes } from "./http/routes/chat-moderation.js";
import { chatNotificationRoutes } from "./http/routes/chat-notifications.js";
import { chatPollRoutes } from "./http/routes/chat-polls.js";
import { chatReceiptRoutes } from "./http/routes/chat-receipts.js";
import { chatSearchRoutes } from "./http/routes/chat-search.js";
import { chatThreadRoutes } from "./http/routes/chat-threads.js";
import { chatUploadRoutes } from "./http/routes/chat-uploads.js";
import { chatUserRoutes } from "./http/routes/chat-users.js";
import { docsRoutes } from "./http/routes/docs.js";
import { healthRoutes } from "./http/routes/health.js";
import { openApiRoutes } from "./http/routes/openapi.js";
import { registerSecurityHeaders, registerWeb } from "./http/routes/web.js";
import { requireTableRoutes, validatorCompiler } from "./http/serve-route.js";
import { loggerOptions } from "./logger.js";
import { createEmailFeature, type EmailFeature } from "./notify/email/email-feature.js";
import { soleNode, storeLease } from "./notify/lease.js";
import { PushSender } from "./notify/push/push-sender.js";
import { PUSH_LEASE_MS, PushWorker } from "./notify/push/push-worker.js";
import { ImageProxy } from "./outbound/image-proxy.js";
import { OidcClient } from "./outbound/oidc-client.js";
import { OutboundGuard } from "./outbound/outbound-guard.js";
import type { Bus } from "./realtime/bus.js";
import { memoryBus } from "./realtime/bus-memory.js";
import { busChannelOf, openRedisBus } from "./realtime/bus-redis.js";
import { ClusterPresence } from "./realtime/cluster-presence.js";
import { Gateway, type HeartbeatTiming } from "./realtime/gateway.js";
import { Hub } from "./realtime/hub.js";
import { openLimiterRedis } from "./realtime/limiter-redis.js";
import { LocalFocus } from "./realtime/local-focus.js";
import { type PresenceView, withPresence } from "./realtime/presence-fields.js";
import { redisAttemptLimiter } from "./realtime/redis-attempt-limiter.js";
import { acceptWebSockets } from "./realtime/upgrade.js";
import { loadSecrets } from "./secrets.js";
import { createServices, type Services } from "./services.js";
import { diskFileStore } from "./store/files/disk-file-store.js";
import { openStore } from "./store/open-store.js";
import type { Store } from "./store/store.js";

export interface AppDeps {
  config: Config;
  store?: Store;
  bus?: Bus;
  clock?: Clock;
  /** Where log lines go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /** The WebSocket heartbeat's timing (tests shorten it); defaults to the protocol's. */
  heartbeat?: HeartbeatTiming;
  /** Unsent bytes past which a WebSocket is closed as too slow (tests lower it); defaults to 16 MiB. */
  socketBacklogLimit?: number;
  /** Unsent bytes one user's WebSockets on a node may hold together (tests lower it); 32 MiB. */
  userBacklogLimit?: number;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  store: Store;
  hub: Hub;
  appKey: string;
  appSecret: string;
  push: PushWorker;
  email: EmailFeature;
  /**
   * The SIGTERM path (docs/operations.md): answers new requests and frames `unavailable`, answers
   * the frames in flight, closes sockets with 1001, finishes in-flight requests, closes the store.
   */
  close(): Promise<void>;
}

const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;
/** How often, across nodes, each feed checks the store for events the bus lost. */
const CATCH_UP_INTERVAL_MS = 2_000;
const IDLE_SWEEP_MS = 50;
const SHUTTING_DOWN = "the server is shutting down; retry";

const defaultWebDist = () => join(dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/** Composes everything; `main.ts` and the tests both build the app through here. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const { appKey, appSecret, vapid } = loadSecrets(config);
  const nodeId = randomUUID();
  // Connection errors before the logger exists are dropped; after, they are logged as warnings.
  let warn: ((what: string, err: Error) => void) | undefined;
  const warnOf = (what: string) => (err: Error) => warn?.(what, err);
  const metrics = createMetrics();
  const store = deps.store ?? (await openStore(config, warnOf("database connection error")));
  if (store.poolStats) metrics.watchPool(store.poolStats);
  if (store.commitStats) metrics.watchCommits(store.commitStats);
  const bus =
    deps.bus ??
    (await openBus(config, appKey, store, !deps.store, warnOf("redis connection error"), metrics.busLag));
  const clock = deps.clock ?? systemClock;
  const events: EventPort = {
    publish(env) {
      metrics.published.inc();
      bus.publish(env.kind === "channel" ? { ...env, sentAt: Date.now() } : env);
    },
  };
  store.publishTo(events);
  const files = diskFileStore(join(config.dataDir, "uploads"));
  const limiterRedis = config.redisUrl
    ? openLimiterRedis(
        config.redisUrl,
        warnOf("redis connection error"),
        warnOf("redis slow or down: rate limits are counted per node until it answers"),
      )
    : undefined;
  const limiter = (max: number, windowMs: number) =>
    limiterRedis
      ? redisAttemptLimiter(limiterRedis, appKey, max, windowMs)
      : memoryAttemptLimiter(max, windowMs);
  const services = createServices({
    store,
    signals: { signal: (s) => events.publish(s) },
    clock,
    appKey,
    appSecret,
    files,
    uploadMaxBytes: config.uploadMaxBytes,
    limiter,
    push: { vapidPublicKey: vapid.publicKey, allowLoopback: config.outboundAllowLoopback },
    emailAvailable: config.smtpUrl !== undefined,
    publicUrl: config.publicUrl,
    sso: config.oidc && {
      settings: config.oidc,
      provider: new OidcClient(
        config.oidc,
        new OutboundGuard({ allowLoopback: config.outboundAllowLoopback }),
      ),
    },
  });
  await services.types.seed();
  const hub: Hub = new Hub(
    store,
    metrics,
    (userId, online, user, ended) => presence.localChanged(userId, online, user, ended),
    (userId, cid) => services.presence.canRead(userId, cid),
    (userId) => presence.isOnline(userId),
  );
  const focus = new LocalFocus(() => presence.focusChanged());
  const presence = new ClusterPresence(
    nodeId,
    bus,
    () => hub.localUsers(),
    () => hub.watcherCounts(),
    (userId) => hub.isOnline(userId),
    (userId, online, user) => {
      void services.presence.presenceChanged(userId, online, user).catch(() => undefined);
    },
    config.presenceGraceMs,
    () => focus.users(),
  );
  const live: PresenceView = {
    isOnline: (userId) => presence.isOnline(userId),
    watcherCount: (cid) => hub.watcherCount(cid) + presence.remoteWatchers(cid),
  };
  // The push worker exists once the server's logger does; until then there is nothing to wake.
  let wakePush = () => {};
  bus.subscribe((m) => {
    if (m.kind === "node") return presence.onBeat(m);
    if (m.kind === "access-type") services.types.invalidate(m.type);
    if (m.kind === "settings") return services.settings.invalidate();
    if (m.kind === "channel" && m.event.type === "message.new") wakePush();
    hub.deliver(m);
  });
  presence.start();

  const server = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    // Its 503 has another body; the hook below answers in the API's shape instead.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  });
  warn = (what, err) => server.log.warn({ err: err.message }, what);
  if (config.outboundAllowLoopback)
    server.log.warn("OUTBOUND_ALLOW_LOOPBACK is on: the server fetches from 127.0.0.1 (for tests only)");
  // Workers that run on one node at a time: across nodes (Redis) under a lease in the store.
  const lease = (name: string, ttlMs: number) =>
    config.redisUrl ? storeLease(store, name, nodeId, ttlMs) : soleNode;
  const guard = new OutboundGuard({ allowLoopback: config.outboundAllowLoopback });
  const images = new ImageProxy(guard);
  const pushWorker = new PushWorker({
    store,
    types: services.types,
    clock,
    sender: new PushSender(guard, { subject: config.vapidSubject, ...vapid }),
    lease: lease("push", PUSH_LEASE_MS),
    focused: (userId) => presence.isFocused(userId, (u) => focus.has(u)),
    count: (outcome) => metrics.pushes.inc({ outcome }),
    log: server.log,
  });
  const email = createEmailFeature({
    store,
    clock,
    config,
    appSecret,
    log: server.log,
    lease,
    types: services.types,
    view: (row) => services.notifications.view(row),
    onSent: (kind, outcome) => metrics.emails.inc({ kind, outcome }),
    verificationLimiter: limiterRedis
      ? redisAttemptLimiter(limiterRedis, appKey, VERIFICATIONS_PER_WINDOW, VERIFICATION_WINDOW_MS)
      : undefined,
  });
  const emailResets = new EmailResetService({
    store,
    passwords: services.passwords,
    mailer: email.mailer,
    clock,
    limits: {
      perIp: limiter(RESET_REQUESTS_PER_IP, RESET_REQUEST_WINDOW_MS),
      perAccount: limiter(RESET_EMAILS_PER_ACCOUNT, RESET_REQUEST_WINDOW_MS),
    },
    onError: (err) => server.log.warn({ err }, "a password reset email could not be sent"),
  });
  // Once per change, not per failed request: what failed, and where (the logs may name paths).
  const where = store.dialect === "sqlite" ? { data_dir: config.dataDir } : {};
  store.health.onChange((failure) => {
    if (!failure) return server.log.info("database writes work again");
    server.log.error(
      { err: failure.detail, kind: failure.kind, ...where },
      `database writes fail: ${failure.message}`,
    );
  });
  registerErrorHandling(server);
  server.setValidatorCompiler(validatorCompiler);
  requireTableRoutes(server);
  let shuttingDown = false;
  server.addHook("onRequest", (_req, reply, done) => {
    if (!shuttingDown) return done();
    reply
      .status(503)
      .header("connection", "close")
      .send({ error: { code: ErrorCode.unavailable, message: SHUTTING_DOWN } });
  });
  registerSecurityHeaders(server, config.allowedOrigins);
  registerHttpMetrics(server, metrics);
  await registerRateLimit(server, {
    perMinute: config.rateLimitPerMinute,
    redis: limiterRedis,
    appKey,
    tokens: services.tokens,
  });
  await server.register(healthRoutes(store));
  await server.register(accountRoutes(services, appKey), { prefix: "/api" });
  await server.register(sessionRoutes(services), { prefix: "/api" });
  await server.register(twoFactorRoutes(services), { prefix: "/api" });
  await server.register(passwordRoutes(services, emailResets), { prefix: "/api" });
  await server.register(signupRoutes(services), { prefix: "/api" });
  await server.register(oidcRoutes(services.sso, config.publicUrl.startsWith("https:")), { prefix: "/api" });
  const gateway = new Gateway(
    {
      auth: services.auth,
      users: services.users,
      presence: services.presence,
      messages: services.messages,
      hub,
      focus,
      live,
      sendsPerMinute: config.rateLimitPerMinute,
      log: server.log,
      onConnection: (d) => metrics.connections.inc(d),
      onFrame: (type, ok) => metrics.frames.inc({ type, outcome: ok ? "ok" : "error" }),
      maxBacklogBytes: deps.socketBacklogLimit,
      maxUserBacklogBytes: deps.userBacklogLimit,
    },
    deps.heartbeat,
  );
  acceptWebSockets(server.server, config.allowedOrigins, (socket) => gateway.accept(socket));
  await server.register(
    async (chat) => {
      await chat.register(openApiRoutes);
      await chat.register(docsRoutes(config.allowedOrigins));
      await chat.register(chatEmailPublicRoutes(email.addresses));
      chat.register(async (rest) => {
        // Before validation: a call that is not let in learns nothing about its input.
        rest.addHook("preValidation", chatAuthHook(services.auth));
        // The domain renders answers from stored rows; presence joins them on the way out.
        rest.addHook("preSerialization", async (_req, _reply, payload) => withPresence(payload, live));
        await rest.register(chatChannelRoutes(services));
        await rest.register(chatMessageRoutes(services));
        await rest.register(chatConversationRoutes(services));
        await rest.register(chatThreadRoutes(services));
        await rest.register(chatModerationRoutes(services));
        await rest.register(chatUploadRoutes(services, config.uploadMaxBytes));
        await rest.register(chatUserRoutes(services));
        await rest.register(chatPollRoutes(services));
        await rest.register(chatSearchRoutes(services));
        await rest.register(chatImageRoutes(images));
        await rest.register(chatNotificationRoutes(services));
        await rest.register(chatReceiptRoutes(services));
        await rest.register(chatEmailRoutes(email.addresses));
      });
    },
    { prefix: "/chat" },
  );
  await registerWeb(server, config.webDist ?? defaultWebDist());

  // Across nodes the bus may lose messages: feeds catch up from the store on a timer and
  // whenever the bus reconnects (one process cannot lose any).
  const catchUp = () =>
    hub.catchUp().catch((err: unknown) => server.log.warn({ err }, "catching up from the store failed"));
  const catchUpTimer = config.redisUrl ? setInterval(catchUp, CATCH_UP_INTERVAL_MS) : undefined;
  catchUpTimer?.unref();
  const refreshRoles = () =>
    hub.refreshRoles().catch((err: unknown) => server.log.warn({ err }, "re-reading roles failed"));
  bus.onReconnect(() => {
    // A settings change published while the bus was away never arrives: read them afresh.
    services.settings.invalidate();
    setTimeout(catchUp, 200).unref();
    setTimeout(refreshRoles, 200).unref();
  });

  wakePush = () => pushWorker.wake();
  pushWorker.start();
  email.start();

  const maintenance = setInterval(() => {
    runMaintenance(store, files, clock).catch((err: unknown) =>
      server.log.warn({ err }, "maintenance failed"),
    );
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();

  let closing: Promise<void> | undefined;
  return {
    server,
    services,
    store,
    hub,
    appKey,
    appSecret,
    push: pushWorker,
    email,
    close() {
      closing ??= (async () => {
        clearInterval(maintenance);
        clearInterval(catchUpTimer);
        shuttingDown = true;
        gateway.stop();
        presence.stop();
        await gateway.drain(config.shutdownGraceMs / 2);
        gateway.closeAll(1001, "server shutting down");
        // A connection whose request finishes during shutdown (an upload still draining, say)
        // turns idle only afterwards; sweep idle ones until every connection is gone.
        const sweep = setInterval(() => server.server.closeIdleConnections(), IDLE_SWEEP_MS);
        await server.close().finally(() => clearInterval(sweep));
        await pushWorker.stop();
        await emailResets.idle();
        await email.stop();
        await bus.close();
        limiterRedis?.client.disconnect();
        await store.close();
      })();
      return closing;
    },
  };
}

/** REDIS_URL set → the Redis bus shared by every node; unset → the in-process bus. */
async function openBus(
  config: Config,
  appKey: string,
  store: Store,
  ownsStore: boolean,
  onError: (err: Error) => void,
  onLag: (seconds: number) => void,
): Promise<Bus> {
  if (!config.redisUrl) return memoryBus();
  try {
    return await openRedisBus({ url: config.redisUrl, channel: busChannelOf(appKey), onError, onLag });
  } catch (err) {
    if (ownsStore) await store.close();
    throw err;
  }
}
