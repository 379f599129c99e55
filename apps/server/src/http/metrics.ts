import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { HubMetrics } from "../realtime/hub.js";

export interface Metrics extends HubMetrics {
  registry: Registry;
  connections: Gauge;
  published: Counter;
  /** WebSocket frames handled, by type and outcome (`ok`, `error`). */
  frames: Counter<"type" | "outcome">;
  /** Web Push attempts by outcome: `sent`, `gone` (404/410: the device is dropped), `retry`, `dropped`. */
  pushes: Counter<"outcome">;
  /** Emails by kind (`verify`, `digest`) and outcome (`sent`, `rejected`, `deferred`, `unreachable`). */
  emails: Counter<"kind" | "outcome">;
  busLag(seconds: number): void;
  /** Reports pool usage on every scrape. */
  watchPool(stats: () => { total: number; idle: number; waiting: number }): void;
  /** Reports grouped commits on every scrape. */
  watchCommits(stats: () => { commits: number; transactions: number }): void;
}

/** Process, HTTP and realtime metrics in one registry per app (so tests can build several). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const delivered = new Counter({
    name: "parley_events_delivered_total",
    help: "Frames sent to sockets",
    registers: [registry],
  });
  const replayed = new Counter({
    name: "parley_events_replayed_total",
    help: "Events replayed on resume",
    registers: [registry],
  });
  const backfilled = new Counter({
    name: "parley_events_backfilled_total",
    help: "Events backfilled from the store after a bus gap",
    registers: [registry],
  });
  const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
  const fanOut = new Histogram({
    name: "parley_fanout_latency_seconds",
    help: "From publishing a channel event to this node writing it to its watchers",
    buckets: latencyBuckets,
    registers: [registry],
  });
  const lag = new Histogram({
    name: "parley_bus_lag_seconds",
    help: "From another node publishing on the bus to this node receiving it",
    buckets: latencyBuckets,
    registers: [registry],
  });
  return {
    registry,
    fanOutLatency: (s) => fanOut.observe(s),
    busLag: (s) => lag.observe(s),
    watchPool(stats) {
      const gauge = new Gauge({
        name: "parley_db_pool_connections",
        help: "Database pool connections by state",
        labelNames: ["state"],
        registers: [registry],
        collect() {
          const s = stats();
          this.set({ state: "total" }, s.total);
          this.set({ state: "idle" }, s.idle);
          this.set({ state: "waiting" }, s.waiting);
        },
      });
      void gauge;
    },
    watchCommits(stats) {
      // Counters read from the store at scrape time (the store counts; nothing to increment).
      for (const [name, help, key] of [
        [
          "parley_db_commits_total",
          "Group commits (SQLite: every commit, one fsync each; PostgreSQL: message sends)",
          "commits",
        ],
        ["parley_db_transactions_total", "Transactions those commits carried", "transactions"],
      ] as const) {
        new Counter({
          name,
          help,
          registers: [registry],
          collect() {
            this.reset();
            this.inc(stats()[key]);
          },
        });
      }
    },
    connections: new Gauge({
      name: "parley_ws_connections",
      help: "Authenticated WebSocket connections",
      registers: [registry],
    }),
    frames: new Counter({
      name: "parley_ws_frames_total",
      help: "WebSocket frames from clients handled, by type and outcome",
      labelNames: ["type", "outcome"],
      registers: [registry],
    }),
    pushes: new Counter({
      name: "parley_push_total",
      help: "Web Push attempts by outcome (sent, gone, retry, dropped)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    emails: new Counter({
      name: "parley_email_total",
      help: "Emails by kind (verify, digest) and outcome (sent, rejected, deferred, unreachable)",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
    published: new Counter({
      name: "parley_events_published_total",
      help: "Envelopes published",
      registers: [registry],
    }),
    delivered: (n) => delivered.inc(n),
    replayed: (n) => replayed.inc(n),
    backfilled: (n) => backfilled.inc(n),
  };
}

export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: "parley_http_request_duration_seconds",
    help: "HTTP request duration",
    labelNames: ["method", "route", "status"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics.registry],
  });
  app.addHook("onResponse", async (req, reply) => {
    duration.observe(
      { method: req.method, route: req.routeOptions.url ?? "unmatched", status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", async (_req, reply) => {
    reply.header("content-type", metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
