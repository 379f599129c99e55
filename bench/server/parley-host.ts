/**
 * Parley as `main.ts` runs it (buildApp + listen, configured by the environment), plus the
 * harness's IPC: `mem` (heap and RSS after GC) and `stop`. Bundled by the harness, run by node.
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { ready, serve } from "../lib/child-ipc.js";

const app = await buildApp({ config: loadConfig() });
const config = loadConfig();
await app.server.listen({ port: config.port, host: config.host });
serve(
  {
    connections: () => app.hub.connectionCount,
  },
  () => app.close(),
);
ready({ port: (app.server.server.address() as AddressInfo).port });
