import { build } from "esbuild";

// Bundles the server (and its tools) with the workspace packages it imports; npm dependencies
// stay external.
await build({
  entryPoints: { main: "src/main.ts", backup: "src/tools/backup.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  packages: "external",
  alias: { "@parley/protocol": "../../packages/protocol/src/index.ts" },
  logLevel: "warning",
});
