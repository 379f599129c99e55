import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webPush from "web-push";
import { z } from "zod";
import type { Config } from "./config.js";

export interface AppSecrets {
  appKey: string;
  appSecret: string;
  /** The VAPID key pair (RFC 8292) Web Push is signed with, base64url. */
  vapid: { publicKey: string; privateKey: string };
}

const fileSchema = z.object({
  appKey: z.string().min(8),
  appSecret: z.string().min(32),
  vapidPublicKey: z.string().min(80).optional(),
  vapidPrivateKey: z.string().min(40).optional(),
});
type SecretsFile = z.infer<typeof fileSchema>;

type SecretsConfig = Pick<Config, "dataDir" | "appKey" | "appSecret" | "vapidPublicKey" | "vapidPrivateKey">;

/**
 * APP_KEY / APP_SECRET and VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from the environment, or else from
 * DATA_DIR/secrets.json, generated on first run (file mode 0600) so tokens and push subscriptions
 * stay valid across restarts. A file from before push existed gains a VAPID pair.
 */
export function loadSecrets(config: SecretsConfig): AppSecrets {
  const env = {
    appKey: config.appKey,
    appSecret: config.appSecret,
    vapidPublicKey: config.vapidPublicKey,
    vapidPrivateKey: config.vapidPrivateKey,
  };
  if (env.appKey && env.appSecret && env.vapidPublicKey && env.vapidPrivateKey)
    return {
      appKey: env.appKey,
      appSecret: env.appSecret,
      vapid: { publicKey: env.vapidPublicKey, privateKey: env.vapidPrivateKey },
    };
  const stored = storedSecrets(config.dataDir);
  const vapid =
    env.vapidPublicKey && env.vapidPrivateKey
      ? { publicKey: env.vapidPublicKey, privateKey: env.vapidPrivateKey }
      : { publicKey: stored.vapidPublicKey as string, privateKey: stored.vapidPrivateKey as string };
  return { appKey: env.appKey ?? stored.appKey, appSecret: env.appSecret ?? stored.appSecret, vapid };
}

function storedSecrets(dataDir: string): SecretsFile {
  const file = join(dataDir, "secrets.json");
  let stored: SecretsFile | undefined;
  if (existsSync(file)) {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not valid; delete it to generate new secrets`);
    stored = parsed.data;
  }
  if (stored?.vapidPublicKey && stored.vapidPrivateKey) return stored;
  const keys = webPush.generateVAPIDKeys();
  const next: SecretsFile = {
    appKey: stored?.appKey ?? randomBytes(12).toString("base64url"),
    appSecret: stored?.appSecret ?? randomBytes(48).toString("base64url"),
    vapidPublicKey: keys.publicKey,
    vapidPrivateKey: keys.privateKey,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  return next;
}
