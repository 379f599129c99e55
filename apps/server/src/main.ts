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
  // A deep accept queue (the kernel caps it at net.core.somaxconn): thousands of clients
  // reconnecting at once must not find their SYNs dropped and wait for TCP's retry.
  await app.server.listen({ port: config.port, host: config.host, backlog: 4096 });
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
