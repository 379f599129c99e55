/**
 * What authenticating a user token costs the server's CPU in the store: the user, their app-wide
 * ban and the token's revocation read in one statement (`users.getWithAccess`) against three
 * (`revokedTokens.has`, `users.get`, `moderation.activeBans`, one after another, as the store
 * did before). Every REST request and every socket authenticates so.
 * 16 callers at once, 4,000 checks a variant, alternating, 4 rounds (the first warms up).
 * `npx tsx bench/store/auth-read.ts` (SQLite), or with a PostgreSQL URL as its argument
 * (`… auth-read.ts postgres://postgres@127.0.0.1:5432/test`, in a schema of its own, dropped after).
 */
import { addUser } from "../../apps/server/src/store/testing/fixtures.js";
import { openBenchStore } from "./bench-store.js";
import { compareCpuPerCheck } from "./cpu-per-check.js";

const { store, engine, close } = await openBenchStore("auth-read", process.argv[2]);
const user = await addUser(store);
const tokenId = "bench-token";
const now = () => new Date().toISOString();

await compareCpuPerCheck(
  engine,
  {
    "three statements": async () => {
      await store.revokedTokens.has(tokenId);
      await store.users.get(user.id);
      await store.moderation.activeBans(user.id, ["*"], now());
    },
    "one statement": () => store.users.getWithAccess(user.id, tokenId, now()),
  },
  { checks: 4_000, callers: 16, rounds: 4 },
);
await close();
