import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chatTokens } from "../../apps/server/src/domain/auth/chat-tokens.js";
import { type Child, startChild } from "../lib/proc.js";
import { recreateDatabase, type SeedPlan, seedPostgres, seedSqlite } from "./seed.js";
import {
  type Harness,
  nodesCpu,
  parleyNodeArgs,
  type RunningSystem,
  type SystemSpec,
  stopNodes,
} from "./system.js";

export interface ParleyVariant {
  name: string;
  storage: "sqlite" | "postgres";
  nodes: 1 | 2;
  /** Extra environment for the server (e.g. WEB_DIST). */
  env?: Record<string, string>;
}

const TEMPLATE_DB = "parley_bench_template";
const RUN_DB = "parley_bench_run";

/**
 * Parley as deployed: SQLite + in-process bus on one node, or PostgreSQL (+ Redis between two
 * nodes). The plan is seeded once into a template (a SQLite file, a PostgreSQL template
 * database) and copied afresh for every run, so each run starts from the same state.
 */
export function parleySystem(v: ParleyVariant): SystemSpec {
  let template = "";
  const tokens = new Map<string, string>();
  return {
    name: v.name,
    async prepare(h: Harness, plan: SeedPlan) {
      const mint = chatTokens(h.appSecret);
      tokens.clear();
      for (const u of plan.users) tokens.set(u, await mint.mintUserToken(u, { ttlSeconds: 24 * 3600 }));
      if (v.storage === "sqlite") {
        template = join(h.tmpDir("parley-template"), "parley.db");
        await seedSqlite(template, plan);
      } else {
        await seedPostgres(h.options.postgresUrl, TEMPLATE_DB, plan);
      }
    },
    async start(h: Harness): Promise<RunningSystem> {
      const env: Record<string, string> = {
        HOST: "127.0.0.1",
        PORT: "0",
        APP_KEY: h.appKey,
        APP_SECRET: h.appSecret,
        LOG_LEVEL: "warn",
        // the peers limit nothing either
        RATE_LIMIT_PER_MINUTE: "0",
        NODE_ENV: "production",
        ...v.env,
      };
      const dataDir = h.tmpDir("parley-data");
      env.DATA_DIR = dataDir;
      if (v.storage === "sqlite") {
        mkdirSync(dataDir, { recursive: true });
        copyFileSync(template, join(dataDir, "parley.db"));
      } else {
        env.DATABASE_URL = await recreateDatabase(h.options.postgresUrl, RUN_DB, TEMPLATE_DB);
        if (v.nodes > 1) env.REDIS_URL = h.options.redisUrl;
      }
      const nodes: Child[] = [];
      const ports: number[] = [];
      for (let i = 0; i < v.nodes; i++) {
        const { child, ready } = await startChild({
          name: `${v.name}#${i}`,
          script: h.scripts.parley as string,
          nodeArgs: parleyNodeArgs(),
          cpus: h.serverCpus,
          env,
        });
        nodes.push(child);
        ports.push(ready.port as number);
      }
      return {
        name: v.name,
        protocol: "ws",
        sendVia: h.options.parleySend,
        apiKey: h.appKey,
        nodes,
        connectUrl: (i) => `ws://127.0.0.1:${ports[i % ports.length]}/chat/connect`,
        httpUrl: (i) => `http://127.0.0.1:${ports[i % ports.length]}`,
        token: (u) => {
          const t = tokens.get(u);
          if (!t) throw new Error(`no token for ${u}`);
          return t;
        },
        cpuSeconds: () => nodesCpu(nodes),
        memory: () => Promise.all(nodes.map((n) => n.call("mem"))),
        stop: () => stopNodes(nodes),
      } as RunningSystem;
    },
  };
}
