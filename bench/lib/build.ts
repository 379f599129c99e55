import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_DIR = join(BENCH_DIR, "..");
/** Generated files live under node_modules/.cache (ignored by git and Biome): bundles, corpora. */
export const CACHE_DIR = join(REPO_DIR, "node_modules/.cache/parley-bench");
/**
 * Under the server's package, so that the bundles' imports resolve as the server's do: npm may
 * install a dependency of the server in apps/server/node_modules rather than at the root.
 */
export const BUILD_DIR = join(REPO_DIR, "apps/server/node_modules/.cache/parley-bench/build");

/** The programs the harness runs as child processes, by name → entry point. */
const ENTRIES: Record<string, string> = {
  parley: "server/parley-host.ts",
  "ws-naive": "peers/ws-naive.ts",
  "ws-limit": "peers/ws-limit.ts",
  socketio: "peers/socketio.ts",
  "minimal-persist": "peers/minimal-persist.ts",
  worker: "load/worker.ts",
};

/**
 * Bundles the server (from apps/server/src, as its own build does), the peers and the load
 * worker into BUILD_DIR, so each child starts with plain `node` (no TypeScript loader in the
 * memory or CPU being measured). npm packages stay external.
 */
export async function buildAll(): Promise<Record<string, string>> {
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, path]) => [name, join(BENCH_DIR, path)]),
    ),
    outdir: BUILD_DIR,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    sourcemap: true,
    packages: "external",
    alias: { "@parley/protocol": join(REPO_DIR, "packages/protocol/src/index.ts") },
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  return Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, join(BUILD_DIR, `${name}.mjs`)]));
}
