import { type App, buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { DataDirError, ensureDataDir } from "./store/data-dir.js";
import { classifyStorageFailure } from "./store/storage-failure.js";

function exitWith(line: string): never {
  console.error(`parley: ${line}`);
  process.exit(1);
}

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
  let app: App;
  try {
    ensureDataDir(config.dataDir);
    app = await buildApp({ config });
  } catch (err) {
    // What an operator must fix gets one line, not a stack.
    if (err instanceof DataDirError) exitWith(err.message);
    const failure = classifyStorageFailure(err) ?? classifyStorageFailure((err as Error | undefined)?.cause);
    if (failure) exitWith(`cannot open the database: ${failure.message} (${failure.detail})`);
    throw err;
  }
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
