import { eventSeqs, lastSeqOf, messagesOf, openDb } from "../support/db.js";
import type { PlannedMessage } from "./crash-scenario.js";

/** What one client saw of one channel after it started watching. */
export interface ClientRecord {
  user: string;
  cid: string;
  /** The channel's last seq when the client's watch began. */
  fromSeq: number;
  /** Seqs of the channel events handed to the client's handlers, in order. */
  seqs: number[];
  /** Ids of the `message.new` events handed to the handlers, in order. */
  newIds: string[];
}

/**
 * Checks a finished crash run against the store (read straight from the SQLite file):
 * - every planned (hence acknowledged) message is stored once, with its channel, author and text;
 * - each channel's event seqs run 1..last_seq without a gap, and each message sits on the
 *   `message.new` event of its seq;
 * - each member got every event after its watch began exactly once, in seq order, and every
 *   message as one `message.new`, in the store's order.
 * Returns the problems found (empty when all holds).
 */
export function checkCrashRun(
  dataDir: string,
  plan: readonly PlannedMessage[],
  cids: readonly string[],
  records: readonly ClientRecord[],
): string[] {
  const problems: string[] = [];
  const db = openDb(dataDir);
  try {
    const stored = new Map(cids.map((cid) => [cid, messagesOf(db, cid)]));
    const all = [...stored.values()].flat();
    const byId = new Map(all.map((m) => [m.id, m]));
    const texts = new Map<string, number>();
    for (const m of all) texts.set(m.text, (texts.get(m.text) ?? 0) + 1);
    for (const p of plan) {
      const m = byId.get(p.id);
      if (!m) problems.push(`acknowledged message ${p.id} is not in the store`);
      else if (m.cid !== p.cid || m.text !== p.text)
        problems.push(`message ${p.id} stored wrong: ${JSON.stringify(m)}`);
      if ((texts.get(p.text) ?? 0) > 1) problems.push(`"${p.text}" is stored ${texts.get(p.text)} times`);
    }
    if (all.length !== plan.length)
      problems.push(`store holds ${all.length} messages, ${plan.length} were sent`);

    for (const cid of cids) {
      const events = eventSeqs(db, cid);
      const last = lastSeqOf(db, cid);
      const gapless = events.length === last && events.every((e, i) => e.seq === i + 1);
      if (!gapless) problems.push(`${cid}: event seqs are not 1..${last} (${events.length} events)`);
      const bySeq = new Map(events.map((e) => [e.seq, e]));
      for (const m of stored.get(cid) ?? []) {
        const e = bySeq.get(m.seq);
        const ok =
          e?.type === "message.new" &&
          (JSON.parse(e.payload) as { message: { id: string } }).message.id === m.id;
        if (!ok) problems.push(`${cid}: message ${m.id} is not the message.new event of seq ${m.seq}`);
      }
    }

    for (const r of records) {
      const last = lastSeqOf(db, r.cid);
      const expectedSeqs = Array.from({ length: last - r.fromSeq }, (_, i) => r.fromSeq + 1 + i);
      if (!sameList(r.seqs, expectedSeqs)) {
        problems.push(
          `${r.user} in ${r.cid}: events ${describe(r.seqs)}, expected ${describe(expectedSeqs)}`,
        );
      }
      const expectedIds = (stored.get(r.cid) ?? []).filter((m) => m.seq > r.fromSeq).map((m) => m.id);
      if (!sameList(r.newIds, expectedIds)) {
        const dup = r.newIds.length - new Set(r.newIds).size;
        problems.push(
          `${r.user} in ${r.cid}: ${r.newIds.length} message.new (${dup} duplicates), expected ${expectedIds.length} in seq order`,
        );
      }
    }
  } finally {
    db.close();
  }
  return problems.slice(0, 50);
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function describe(seqs: readonly number[]): string {
  if (seqs.length === 0) return "none";
  return `${seqs.length} (${seqs[0]}..${seqs.at(-1)})`;
}
