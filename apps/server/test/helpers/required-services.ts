/**
 * The PostgreSQL and Redis suites run when DATABASE_URL / REDIS_URL is set (as in CI) and skip
 * when it is not. Set but not answering is a broken machine, never a reason to skip: each such
 * suite calls these first (`beforeAll(requirePostgres)`), so it fails at once with one error
 * naming the variable and the address, rather than somewhere in its setup with a bare
 * "ECONNREFUSED".
 */
import { Redis, ReplyError } from "ioredis";
import pg from "pg";

/** For each step of a probe: connecting, then one round trip. */
const PROBE_TIMEOUT_MS = 5_000;

export async function requirePostgres(): Promise<void> {
  const url = required("DATABASE_URL");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
  } catch (e) {
    throw unreachable("DATABASE_URL", "PostgreSQL", url, 5432, e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function requireRedis(): Promise<void> {
  const url = required("REDIS_URL");
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    commandTimeout: PROBE_TIMEOUT_MS,
    enableReadyCheck: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // connect() rejects with "Connection is closed."; the socket's own error comes as an event.
  let socketError: unknown;
  client.on("error", (e) => {
    socketError ??= e;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    throw unreachable("REDIS_URL", "Redis", url, 6379, socketError ?? e);
  } finally {
    client.disconnect();
  }
}

/** For the suites that need both (several server nodes sharing PostgreSQL and Redis). */
export async function requirePostgresAndRedis(): Promise<void> {
  await requirePostgres();
  await requireRedis();
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the suite that requires it should have been skipped`);
  return value;
}

/** The address only: the URL may hold a password. */
function unreachable(name: string, service: string, url: string, defaultPort: number, e: unknown): Error {
  let where: string;
  try {
    const u = new URL(url);
    where = `${u.hostname || "localhost"}:${u.port || defaultPort}`;
  } catch {
    where = "(an unparsable URL)";
  }
  // An error the server sent (a wrong password, no such database) means it answered.
  const answered = e instanceof pg.DatabaseError || e instanceof ReplyError;
  const what = answered ? "refuses the connection" : "does not answer";
  return new Error(`${name} is set but ${service} at ${where} ${what}: ${reason(e)}`, { cause: e });
}

/** A refused `localhost` connection is an AggregateError (one error per address) with no message. */
function reason(e: unknown): string {
  if (e instanceof AggregateError && !e.message) return e.errors.map(reason).join("; ");
  if (e instanceof Error) return e.message || (e as { code?: string }).code || e.name;
  return String(e);
}
