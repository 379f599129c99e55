import type { FastifyPluginAsync } from "fastify";
import { StorageFailure } from "../../store/storage-failure.js";
import type { Store } from "../../store/store.js";

export const healthRoutes =
  (store: Store): FastifyPluginAsync =>
  async (app) => {
    app.get("/healthz", async () => ({ status: "ok" }));
    // Not ready while the store cannot be reached, or while its writes fail (a full disk, a
    // read-only store…): then a probe write decides, so a node recovers by itself (store-health.ts).
    app.get("/readyz", async (_req, reply) => {
      try {
        await store.ping();
        await store.health.check(() => store.probeWrite());
        return { status: "ready" };
      } catch (err) {
        const message = err instanceof StorageFailure && err.tracked ? err.message : "store unreachable";
        return reply.status(503).send({ status: "unavailable", error: { code: "unavailable", message } });
      }
    });
  };
