import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Config } from "./config.js";

export interface AppSecrets {
  appKey: string;
  appSecret: string;
}

const fileSchema = z.object({ appKey: z.string().min(8), appSecret: z.string().min(32) });

/**
 * APP_KEY / APP_SECRET from the environment, or else from DATA_DIR/secrets.json, generated on
 * first run (file mode 0600) so tokens stay valid across restarts.
 */
export function loadSecrets(config: Pick<Config, "dataDir" | "appKey" | "appSecret">): AppSecrets {
  if (config.appKey && config.appSecret) return { appKey: config.appKey, appSecret: config.appSecret };
  const file = join(config.dataDir, "secrets.json");
  let stored: AppSecrets | undefined;
  if (existsSync(file)) {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not valid; delete it to generate new secrets`);
    stored = parsed.data;
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    stored = {
      appKey: randomBytes(12).toString("base64url"),
      appSecret: randomBytes(48).toString("base64url"),
    };
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return { appKey: config.appKey ?? stored.appKey, appSecret: config.appSecret ?? stored.appSecret };
}
