import { toCid } from "@parley/protocol";
import { words } from "../../src/domain/search/search-text.js";
import type { Store } from "../../src/store/store.js";
import { channelRow, memberRow, messageRow } from "../../src/store/testing/fixtures.js";

/**
 * A generated corpus written straight into the store (fast, but consistent: users, channels,
 * memberships, per-channel seqs and `last_seq` agree), plus an oracle that answers a search
 * from the same data in plain TypeScript.
 */
export interface CorpusMessage {
  id: string;
  cid: string;
  text: string;
  created_at: string;
}

export interface Corpus {
  /** The searching user: a member of the first `MEMBER_CHANNELS` channels only. */
  me: string;
  users: string[];
  channels: { cid: string; name: string }[];
  memberCids: Set<string>;
  messages: CorpusMessage[];
}

export const USERS = 60;
export const CHANNELS = 24;
export const MEMBER_CHANNELS = 14;
export const MESSAGES = 6_000;

/** Zipf-ish: the first words are very common ("the" is in most messages), the last ones rare. */
const VOCABULARY = (
  "the and to of a in is it you that was for on are with as be at this have from or one had by " +
  "word but not what all were when we there can an your which their said if do will each about how " +
  "up out them then she many some so these would other into has more her two like him see time " +
  "could no make than first been its who now people my made over did down only way find use may " +
  "water long little very after words called just where most know get through back much before go " +
  "good new write our used me man too any day same right look think also around another came come " +
  "work three must because does part even place well such here take why things help put years " +
  "different away again off went old number great tell men say small every found still between name " +
  "should home big give air line set own under read last never us left end along while might next " +
  "sound below saw something thought both few those always looked show large often together asked " +
  "house world going want school important until form food keep children feet land side without boy"
).split(" ");

const FIRST = ["Alice", "Bob", "Carol", "Dave", "Émile", "Frank", "Grace", "Heidi", "Ivan", "Judy"];
const LAST = ["Martin", "Nguyen", "Okafor", "Petit", "Quinn", "Rossi"];
const CHANNEL_NAMES = ["General", "Team Alpha", "dev-ops", "random", "q3_review", "Design", "Support"];

/** Small seeded PRNG (mulberry32), so a failure reproduces. */
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

/** Texts planted among the generated ones; the tests search for them by name. */
export const PLANTED = [
  "Un café noir, s'il vous plaît",
  "CAFE open until late",
  "cafe\u0301 written with a combining accent",
  "Ünïcödé handling is hard",
  "zanzibar trip next spring",
  "Zanzibar again, with photos",
  "prefixmatching works on the last word",
] as const;

export async function seedCorpus(store: Store, prefix: string): Promise<Corpus> {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const hex = () =>
    Math.floor(rand() * 2 ** 32)
      .toString(16)
      .padStart(8, "0");
  const base = Date.UTC(2024, 0, 1);
  const users = Array.from({ length: USERS }, (_, i) => `${prefix}-u${String(i).padStart(2, "0")}`);
  const me = users[0] as string;
  const channels = Array.from({ length: CHANNELS }, (_, i) => ({
    cid: toCid("messaging", `${prefix}-c${String(i).padStart(2, "0")}`),
    name: `${CHANNEL_NAMES[i % CHANNEL_NAMES.length]} ${i}`,
  }));
  const memberCids = new Set(channels.slice(0, MEMBER_CHANNELS).map((c) => c.cid));
  const messages: CorpusMessage[] = [];

  await store.transaction(async (tx) => {
    for (const [i, id] of users.entries()) {
      const at = new Date(base).toISOString();
      const name = `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`;
      await tx.users.upsert({ id, name, image: "", role: "user", created_at: at, updated_at: at });
    }
    const membersOf = new Map<string, string[]>();
    for (const c of channels) {
      const others = users.slice(1).filter(() => rand() < 0.3);
      const members = memberCids.has(c.cid) ? [me, ...others] : others.length ? others : [users[1] as string];
      membersOf.set(c.cid, members);
      const [type, id] = c.cid.split(":") as [string, string];
      await tx.channels.insert(
        channelRow({
          cid: c.cid,
          type,
          id,
          name: c.name,
          created_by_id: members[0],
          member_count: members.length,
        }),
      );
      for (const u of members)
        await tx.members.insert(memberRow(c.cid, u, { role: u === members[0] ? "owner" : "channel_member" }));
    }
    const seqs = new Map<string, number>();
    for (let i = 0; i < MESSAGES; i++) {
      const c = pick(channels);
      const seq = (seqs.get(c.cid) ?? 0) + 1;
      seqs.set(c.cid, seq);
      const planted = i % 250 === 7 ? PLANTED[((i / 250) % PLANTED.length) | 0] : undefined;
      const length = 4 + Math.floor(rand() * 9);
      const text =
        planted ??
        Array.from({ length }, () => VOCABULARY[Math.floor(rand() ** 2.2 * VOCABULARY.length)]).join(" ");
      // Mostly in insertion order; one in ten arrives late with an older time (imported history),
      // and one in twenty shares its second with the previous message (ties are ordered by id).
      const late = rand() < 0.1;
      const ms = late ? base + Math.floor(rand() * i) * 1000 : base + i * 1000;
      const created_at = new Date(rand() < 0.05 ? ms - (ms % 60_000) : ms).toISOString();
      const author = pick(membersOf.get(c.cid) ?? [me]);
      const row = messageRow(c.cid, author, seq, {
        id: `${hex()}${hex()}-${i}`,
        text,
        created_at,
        updated_at: created_at,
      });
      await tx.messages.insert(row);
      messages.push({ id: row.id, cid: c.cid, text, created_at });
    }
    for (const [cid, seq] of seqs) await tx.channels.update(cid, { last_seq: seq });
  });
  return { me, users, channels, memberCids, messages };
}

/** The oracle: what a search for `query` by a member of `cids` must return, in order. */
export function expectedIds(corpus: Corpus, query: string, cids: ReadonlySet<string> = corpus.memberCids) {
  const terms = words(query).map((w) => w.folded);
  const prefix = terms.at(-1);
  if (prefix === undefined) return [];
  const exact = terms.slice(0, -1);
  return corpus.messages
    .filter((m) => cids.has(m.cid))
    .filter((m) => {
      const ws = words(m.text).map((w) => w.folded);
      return exact.every((t) => ws.includes(t)) && ws.some((w) => w.startsWith(prefix));
    })
    .sort((a, b) =>
      a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : -1,
    )
    .map((m) => m.id);
}
