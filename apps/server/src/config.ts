import { resolve } from "node:path";
import { z } from "zod";
import { type OidcConfig, oidcConfigOf, oidcEnv } from "./config-oidc.js";

/** Environment → typed, validated configuration (README "Configuration"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (unset means SQLite in DATA_DIR)")
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DB_SSL: z.enum(["disable", "require", "verify-full"]).default("disable"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL (unset means the in-process bus)")
    .optional(),
  APP_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, "must be 8-128 characters of letters, digits, _ and -")
    .optional(),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").max(512).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[^/\s]+$/,
            "must be a comma-separated list of origins like https://chat.example.com",
          ),
      ),
    ),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  WEB_DIST: z.string().min(1).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  PRESENCE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+$/, "must be the origin people open Parley at, like https://chat.example.com")
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a base64url P-256 public key (web-push generate-vapid-keys)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a base64url P-256 private key (web-push generate-vapid-keys)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL (RFC 8292)")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL, like smtps://user:pass@mail.example.com")
    .optional(),
  SMTP_FROM: z.string().min(3).max(320).optional(),
  ...oidcEnv,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per node in the PostgreSQL pool. */
  dbPoolSize: number;
  /** PostgreSQL `statement_timeout`; 0 turns it off. */
  dbStatementTimeoutMs: number;
  dbSsl: DbSsl;
  redisUrl: string | undefined;
  appKey: string | undefined;
  appSecret: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  allowedOrigins: string[];
  trustProxy: boolean;
  webDist: string | undefined;
  shutdownGraceMs: number;
  /** How long a user whose last connection closed still shows online (a reconnect within it is no change). */
  presenceGraceMs: number;
  uploadMaxBytes: number;
  /** `/api` and `/chat` requests a minute per token (or per IP without one); 0 turns it off. */
  rateLimitPerMinute: number;
  /** Lets the outbound guard fetch from 127.0.0.0/8 and ::1: for tests only, never in production. */
  outboundAllowLoopback: boolean;
  /** The origin links in emails point to; defaults to http://localhost:PORT. */
  publicUrl: string;
  /** VAPID keys given by the environment; otherwise generated into DATA_DIR/secrets.json. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** Who push services may contact about this server (RFC 8292 `sub`). */
  vapidSubject: string;
  /** Unset: no email is sent. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Single sign-on with OpenID Connect; undefined when OIDC_ISSUER is unset. */
  oidc: OidcConfig | undefined;
}

export type DbSsl = "disable" | "require" | "verify-full";

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const sso = oidcConfigOf(e, publicUrl, e.OUTBOUND_ALLOW_LOOPBACK);
  if (sso.problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n  ${sso.problems.join("\n  ")}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbSsl: e.DB_SSL,
    redisUrl: e.REDIS_URL,
    appKey: e.APP_KEY,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    allowedOrigins: e.ALLOWED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    presenceGraceMs: e.PRESENCE_GRACE_MS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    outboundAllowLoopback: e.OUTBOUND_ALLOW_LOOPBACK,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT ?? e.PUBLIC_URL ?? "mailto:admin@localhost",
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? "Parley <parley@localhost>",
    oidc: sso.oidc,
  };
}
