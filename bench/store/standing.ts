/**
 * What loading a channel action's channel and user costs the server's CPU: the channel, the
 * user's membership and their bans read in one statement (`channels.withStanding`) against three
 * (`channels.get`, then `members.get` and `moderation.activeBans` side by side, as the store did
 * before). 16 callers at once, 4,000 checks a
 * variant, alternating, 4 rounds (the first warms up); CPU µs per check, medians.
 * `npx tsx bench/store/standing.ts` (SQLite), or with a PostgreSQL URL as its argument
 * (`… standing.ts postgres://postgres@127.0.0.1:5432/test`, in a schema of its own, dropped after).
 */
import { addChannel, addUser, memberRow } from "../../apps/server/src/store/testing/fixtures.js";
import { openBenchStore } from "./bench-store.js";
import { compareCpuPerCheck } from "./cpu-per-check.js";

const CHECKS = 4_000;
const CALLERS = 16;
const ROUNDS = 4;

const { store, engine, close } = await openBenchStore("standing", process.argv[2]);
const channel = await addChannel(store);
const user = await addUser(store);
await store.members.insert(memberRow(channel.cid, user.id));

const now = () => new Date().toISOString();
const variants: Record<string, () => Promise<unknown>> = {
  "three statements": async () => {
    await store.channels.get(channel.cid);
    await Promise.all([
      store.members.get(channel.cid, user.id),
      store.moderation.activeBans(user.id, ["*", channel.cid], now()),
    ]);
  },
  "one statement": () => store.channels.withStanding(channel.cid, user.id, now()),
};

await compareCpuPerCheck(engine, variants, { checks: CHECKS, callers: CALLERS, rounds: ROUNDS });
await close();
