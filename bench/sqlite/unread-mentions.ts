/**
 * Two ways to count a user's unread mentions per channel: as the store does, from every mention
 * the user ever had (the `mentions_user` index by user, then each one's membership), and per
 * membership from the mentions past its read mark (the same index by user, channel and seq).
 * The first grows with the user's mentions, the second with their memberships; each shape is
 * timed on an in-memory database with the store's tables and indexes reduced to the columns the
 * count reads, every mention already read. `npx tsx bench/sqlite/unread-mentions.ts`
 */
import SQLite from "better-sqlite3";
import { median } from "../lib/stats.js";

/** Memberships, mentions, and the channels those mentions are spread over. */
const SHAPES: [number, number, number][] = [
  [1000, 0, 1],
  [1000, 1000, 50],
  [1000, 50_000, 200],
  [50, 50_000, 20],
];
const RUNS = 50;
const ROUNDS = 5;

const BY_MENTION = `select mentions.cid, count(*) as n from mentions
  join members on members.cid = mentions.cid and members.user_id = ?
  join channels on channels.cid = mentions.cid
  join messages on messages.id = mentions.message_id
  where mentions.user_id = ? and messages.type = 'regular'
    and mentions.seq > members.last_read_seq and mentions.seq > channels.truncated_seq
  group by mentions.cid`;
const BY_MEMBERSHIP = `select members.cid, (select count(*) from mentions
    join messages on messages.id = mentions.message_id
    where mentions.user_id = members.user_id and mentions.cid = members.cid
      and mentions.seq > members.last_read_seq and mentions.seq > channels.truncated_seq
      and messages.type = 'regular') as n
  from members join channels on channels.cid = members.cid
  where members.user_id = ?`;

function database(channels: number, mentions: number, over: number): SQLite.Database {
  const db = new SQLite(":memory:");
  db.exec(`create table channels (cid text primary key, truncated_seq integer not null);
    create table members (cid text, user_id text, last_read_seq integer not null, hidden integer not null,
      primary key (cid, user_id));
    create index members_user_hidden on members (user_id, hidden, cid);
    create table messages (id text primary key, cid text not null, seq integer not null, type text not null);
    create table mentions (message_id text, user_id text, cid text, seq integer,
      primary key (message_id, user_id));
    create index mentions_user on mentions (user_id, cid, seq);`);
  const channel = db.prepare("insert into channels values (?, 0)");
  const member = db.prepare("insert into members values (?, 'u', ?, 0)");
  const message = db.prepare("insert into messages values (?, ?, ?, 'regular')");
  const mention = db.prepare("insert into mentions values (?, 'u', ?, ?)");
  db.transaction(() => {
    for (let c = 0; c < channels; c++) {
      channel.run(`c${c}`);
      member.run(`c${c}`, mentions);
    }
    for (let i = 0; i < mentions; i++) {
      const cid = `c${i % over}`;
      message.run(`m${i}`, cid, i);
      mention.run(`m${i}`, cid, i);
    }
  })();
  return db;
}

function microsPerCount(run: () => unknown): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) run();
  return Number(process.hrtime.bigint() - start) / RUNS / 1000;
}

console.log("| memberships | mentions (channels) | by mention µs | by membership µs |");
console.log("|---:|---:|---:|---:|");
for (const [channels, mentions, over] of SHAPES) {
  const db = database(channels, mentions, over);
  const byMention = db.prepare(BY_MENTION);
  const byMembership = db.prepare(BY_MEMBERSHIP);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    const x = microsPerCount(() => byMention.all("u", "u"));
    const y = microsPerCount(() => byMembership.all("u"));
    // The first round warms the caches.
    if (r === 0) continue;
    a.push(x);
    b.push(y);
  }
  db.close();
  console.log(
    `| ${channels.toLocaleString("en")} | ${mentions.toLocaleString("en")} (${over}) | ${median(a).toFixed(1)} | ${median(b).toFixed(1)} |`,
  );
}
