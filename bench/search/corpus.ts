/**
 * A generated message corpus in a Parley SQLite database: the real migrations (FTS5 table and
 * triggers included), then users, channels, memberships and messages inserted in batched
 * transactions. Shared by the search benchmark (bench/search/search-bench.ts) and P5.
 */
import SQLite from "better-sqlite3";
import { ChannelTypes } from "../../apps/server/src/domain/channels/channel-types.js";
import { messageColumns } from "../../apps/server/src/store/kysely/row-values.js";
import { openSqliteStore } from "../../apps/server/src/store/sqlite/sqlite-store.js";
import { messageRow } from "../../apps/server/src/store/testing/fixtures.js";

export interface CorpusOptions {
  messages: number;
  users: number;
  channels: number;
  /** The searcher (users[0]) is a member of the first this many channels. */
  searcherChannels: number;
  /** Progress lines on stdout. */
  progress?: boolean;
}

export interface Corpus {
  searcher: string;
  users: string[];
  cids: string[];
  seconds: number;
}

const BATCH = 20_000;

export const VOCABULARY = (
  "the and to of a in is it you that was for on are with as be at this have from or one had by word " +
  "but not what all were when we there can an your which their said if do will each about how up out " +
  "them then she many some so these would other into has more her two like him see time could no make " +
  "than first been its who now people my made over did down only way find use may water long little " +
  "very after words called just where most know get through back much before go good new write our " +
  "used me man too any day same right look think also around another came come work three must because " +
  "does part even place well such here take why things help put years different away again off went"
).split(" ");
export const RARE = Array.from({ length: 10 }, (_, i) => `zephyrine${i}`);
export const COMMON = ["the", "and", "to", "of"];

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Migrates `file` (a new SQLite database) and fills it; deterministic for the same options. */
export async function generateCorpus(file: string, o: CorpusOptions): Promise<Corpus> {
  const setup = await openSqliteStore({ filename: file });
  await new ChannelTypes(setup, () => new Date()).seed();
  await setup.close();

  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  const rand = rng(7);
  const base = Date.UTC(2023, 0, 1);
  const iso = (ms: number) => new Date(ms).toISOString();
  const started = performance.now();
  const users = Array.from({ length: o.users }, (_, i) => `bench-u${i}`);
  const cids = Array.from({ length: o.channels }, (_, i) => `messaging:bench-c${i}`);
  const insertUser = db.prepare(
    "insert into users (id, name, image, role, created_at, updated_at) values (?, ?, '', 'user', ?, ?)",
  );
  const insertChannel = db.prepare(
    `insert into channels (cid, type, id, name, image, created_by_id, created_at, updated_at, member_count)
     values (?, 'messaging', ?, ?, '', ?, ?, ?, ?)`,
  );
  const insertMember = db.prepare(
    "insert into members (cid, user_id, role, created_at) values (?, ?, 'channel_member', ?)",
  );
  const members = new Map<string, string[]>();
  db.transaction(() => {
    for (const u of users) insertUser.run(u, `Bench ${u}`, iso(base), iso(base));
    for (const [i, cid] of cids.entries()) {
      const ms = users.slice(1).filter(() => rand() < 0.05);
      if (i < o.searcherChannels) ms.unshift(users[0] as string);
      members.set(cid, ms.length ? ms : [users[1] as string]);
      insertChannel.run(cid, cid.slice(10), `Channel ${i}`, users[0], iso(base), iso(base), ms.length);
      for (const u of members.get(cid) ?? []) insertMember.run(cid, u, iso(base));
    }
  })();
  const columns = Object.keys(messageRow("x", "y", 1));
  const insertMessage = db.prepare(
    `insert into messages (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`,
  );
  const seqs = new Map<string, number>();
  const lastAt = new Map<string, string>();
  for (let done = 0; done < o.messages; done += BATCH) {
    db.transaction(() => {
      for (let i = done; i < Math.min(done + BATCH, o.messages); i++) {
        const cid = cids[Math.floor(rand() * o.channels)] as string;
        const seq = (seqs.get(cid) ?? 0) + 1;
        seqs.set(cid, seq);
        const n = 4 + Math.floor(rand() * 12);
        const words = Array.from(
          { length: n },
          () => VOCABULARY[Math.floor(rand() ** 2.2 * VOCABULARY.length)],
        );
        if (rand() < 0.0002)
          words.splice(Math.floor(rand() * n), 0, RARE[Math.floor(rand() * RARE.length)] as string);
        // One message in a hundred arrives late (imported history) to keep the sort honest.
        const ms = rand() < 0.01 ? base + Math.floor(rand() * i) * 1000 : base + i * 1000;
        const ms2 = members.get(cid) ?? [];
        const row = messageRow(cid, ms2[Math.floor(rand() * ms2.length)] as string, seq, {
          id: `m${i.toString(36)}${Math.floor(rand() * 1e9).toString(36)}`,
          text: words.join(" "),
          created_at: iso(ms),
          updated_at: iso(ms),
        });
        insertMessage.run(messageColumns(row));
        lastAt.set(cid, iso(base + i * 1000));
      }
    })();
    if (o.progress) {
      process.stdout.write(
        `\r  generated ${Math.min(done + BATCH, o.messages).toLocaleString("en")} messages`,
      );
    }
  }
  const setSeq = db.prepare("update channels set last_seq = ?, last_message_at = ? where cid = ?");
  // Members have read their channels up to a few messages back (0–29 unread), as in a live app.
  const setRead = db.prepare(
    "update members set last_read_seq = ?, last_read_at = ? where cid = ? and user_id = ?",
  );
  db.transaction(() => {
    for (const [cid, seq] of seqs) {
      setSeq.run(seq, lastAt.get(cid) ?? null, cid);
      for (const u of members.get(cid) ?? []) {
        setRead.run(Math.max(0, seq - Math.floor(rand() * 30)), lastAt.get(cid) ?? null, cid, u);
      }
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  // No ANALYZE: Parley never runs it, and with its statistics (better-sqlite3's SQLite has STAT4)
  // every statement bound to new values is planned again, 10–25 µs each (docs/performance.md,
  // "How the numbers are made").
  db.close();
  if (o.progress) process.stdout.write("\n");
  return { searcher: users[0] as string, users, cids, seconds: (performance.now() - started) / 1000 };
}
