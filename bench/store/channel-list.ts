/**
 * What a channel list's per-channel reads cost: each of 30 channels' newest page, first members
 * and unread counts read with one statement per channel (as the store did before), against one
 * statement for all 30 channels each
 * (`messages.newestPages`, `members.listWithUsersIn`, `messages.countUnreadByChannel`). Both the
 * app's first page (1 message and 4 members a channel) and the API's defaults (25 and 100).
 * Alternating, one list at a time, 400 lists a variant (the first 50 warm up); medians of this
 * process's CPU and of the wall time per list. `npx tsx bench/store/channel-list.ts` (SQLite),
 * or with a PostgreSQL URL as its argument (in a schema of its own, dropped after).
 */
import type { ChannelRow, MemberRow, UnreadQuery } from "../../apps/server/src/store/store.js";
import {
  addChannel,
  addMessages,
  addUser,
  ensureTypes,
  memberRow,
} from "../../apps/server/src/store/testing/fixtures.js";
import { median } from "../lib/stats.js";
import { openBenchStore } from "./bench-store.js";

const CHANNELS = 30;
const MEMBERS = 120;
const MESSAGES = 200;
const LISTS = 400;
const WARMUP = 50;

const { store, engine, analyze, close } = await openBenchStore("channel-list", process.argv[2]);

await ensureTypes(store);
const users = [];
for (let i = 0; i < MEMBERS; i++) users.push(await addUser(store));
const me = users[0] as { id: string };
const channels: ChannelRow[] = [];
const mine: MemberRow[] = [];
for (let c = 0; c < CHANNELS; c++) {
  const { cid } = await addChannel(store);
  // Members read up to different points, the caller among the last to join.
  for (const [i, u] of users.entries()) {
    const at = new Date(Date.UTC(2024, 0, 1, 0, 0, (i + c) % MEMBERS)).toISOString();
    await store.members.insert(
      memberRow(cid, u.id, { created_at: at, last_read_seq: MESSAGES - ((i * 7 + c) % 40) }),
    );
  }
  await addMessages(store, cid, (users[c % MEMBERS] as { id: string }).id, MESSAGES);
  channels.push((await store.channels.get(cid)) as ChannelRow);
  mine.push((await store.members.get(cid, me.id)) as MemberRow);
}

await analyze();

const unreadQuery = (ch: ChannelRow, readers: MemberRow[]): UnreadQuery => ({
  cid: ch.cid,
  readers,
  truncatedSeq: Number(ch.truncated_seq),
  upToSeq: Number(ch.last_seq),
});
const withMine = (listed: { member: MemberRow }[] | undefined, i: number) => {
  const readers = (listed ?? []).map((m) => m.member);
  return readers.some((m) => m.user_id === me.id) ? readers : [...readers, mine[i] as MemberRow];
};

const variants = (messages: number, members: number): Record<string, () => Promise<unknown>> => ({
  "a statement a channel": async () => {
    for (const [i, ch] of channels.entries()) {
      await store.messages.page({ cid: ch.cid, afterSeq: Number(ch.truncated_seq), limit: messages });
      const listed = await store.members.listWithUsers(ch.cid, members);
      await store.messages.countUnreadByChannel([unreadQuery(ch, withMine(listed, i))]);
    }
  },
  "one for all": async () => {
    const wanted = channels.map((ch) => ({ cid: ch.cid, afterSeq: Number(ch.truncated_seq) }));
    await store.messages.newestPages(wanted, messages);
    const listed = await store.members.listWithUsersIn(
      channels.map((ch) => ch.cid),
      members,
    );
    await store.messages.countUnreadByChannel(
      channels.map((ch, i) => unreadQuery(ch, withMine(listed.get(ch.cid), i))),
    );
  },
});

console.log(`${engine}: ${CHANNELS} channels' reads per list, medians of ${LISTS - WARMUP} lists`);
for (const [label, messages, members] of [
  ["the app's first page (1 message, 4 members)", 1, 4],
  ["the API's defaults (25 messages, 100 members)", 25, 100],
] as const) {
  const runs = variants(messages, members);
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((n) => [n, []]));
  const wall: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((n) => [n, []]));
  for (let i = 0; i < LISTS; i++) {
    for (const [name, list] of Object.entries(runs)) {
      const before = process.cpuUsage();
      const t0 = performance.now();
      await list();
      const used = process.cpuUsage(before);
      if (i < WARMUP) continue;
      cpu[name]?.push((used.user + used.system) / 1000);
      wall[name]?.push(performance.now() - t0);
    }
  }
  console.log(`  ${label}`);
  for (const name of Object.keys(runs)) {
    console.log(
      `    ${name.padEnd(22)} CPU ${median(cpu[name] ?? []).toFixed(2)} ms, wall ${median(wall[name] ?? []).toFixed(2)} ms`,
    );
  }
  const [each, all] = Object.keys(runs).map((n) => [median(cpu[n] ?? []), median(wall[n] ?? [])]) as [
    [number, number],
    [number, number],
  ];
  console.log(
    `    one for all / a statement a channel: CPU ${(all[0] / each[0]).toFixed(2)}×, wall ${(all[1] / each[1]).toFixed(2)}×`,
  );
}

await close();
