import type { FastifyPluginAsync } from "fastify";
import type { Store } from "../../store/store.js";

export const healthRoutes =
  (store: Store): FastifyPluginAsync =>
  async (app) => {
    app.get("/healthz", async () => ({ status: "ok" }));
    app.get("/readyz", async (_req, reply) => {
      try {
        await store.ping();
        return { status: "ready" };
      } catch {
        return reply
          .status(503)
          .send({ status: "unavailable", error: { code: "unavailable", message: "store unreachable" } });
      }
    });
  };
