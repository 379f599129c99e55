import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config });
  await app.server.listen({ port: config.port, host: config.host });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.server.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs);
    force.unref();
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

void main();
