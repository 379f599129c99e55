import { build } from "esbuild";

// Bundles the server (and its tools) with the workspace packages it imports; npm dependencies
// stay external. SERVER_OUTDIR (inside this folder, so node_modules resolve) lets two builds
// sit side by side.
await build({
  entryPoints: { main: "src/main.ts", backup: "src/tools/backup.ts" },
  outdir: process.env.SERVER_OUTDIR ?? "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  packages: "external",
  alias: { "@parley/protocol": "../../packages/protocol/src/index.ts" },
  logLevel: "warning",
});
