import { startTestServer } from "../../helpers/test-server.js";
import { openDb } from "../support/db.js";
import { prng, sleep } from "../support/prng.js";
import { type Recount, recount } from "./unread-recount.js";
import { randomStep, type StepInfo } from "./unread-steps.js";
import { disposeWorld, makeWorld, type World } from "./unread-world.js";

export interface Mismatch {
  step: number;
  action: StepInfo;
  who: string;
  what: string;
  expected: unknown;
  got: unknown;
}

export interface ModelReport {
  steps: number;
  byKind: Record<string, number>;
  mismatches: Mismatch[];
  /** How many mismatches there were in all (only the first ones are kept). */
  mismatchCount: number;
  errors: string[];
  ms: number;
  /** Every step taken, in order (for reading a mismatch). */
  history: StepInfo[];
}

/** How long a tab may take to converge after a step before a difference counts as a mismatch. */
const SETTLE_MS = 2000;
const KEEP = 25;

/**
 * The unread-count model test: `steps` random steps; after each one, every user's counts from
 * the server (`GET /chat/unread`: per channel, mentions, total) and from both of their tabs
 * (each channel's `unreadCount`, the client's `totalUnreadCount`) must equal the recount from
 * the store's rows. Server answers must match at once; a tab gets SETTLE_MS to apply its events.
 */
export async function runUnreadModel(steps: number, seed: number): Promise<ModelReport> {
  const started = Date.now();
  const s = await startTestServer({ LOG_LEVEL: "silent" });
  const db = openDb(s.dataDir);
  const rng = prng(seed);
  const report: ModelReport = {
    steps: 0,
    byKind: {},
    mismatches: [],
    mismatchCount: 0,
    errors: [],
    ms: 0,
    history: [],
  };
  let w: World | undefined;
  try {
    w = await makeWorld(s);
    const ids = w.users.map((u) => u.id);
    let n = 0;
    let draws = 0;
    while (n < steps && draws < steps * 20) {
      draws++;
      let action: StepInfo | null;
      try {
        action = await randomStep(w, db, rng, n);
      } catch (err) {
        report.errors.push(`step ${n}: ${String(err).slice(0, 200)}`);
        if (report.errors.length > KEEP) break;
        continue;
      }
      if (!action) continue;
      n++;
      report.history.push(action);
      report.byKind[action.kind] = (report.byKind[action.kind] ?? 0) + 1;
      const expected = recount(db, ids);
      const found = [
        ...(await serverMismatches(w, expected, n, action)),
        ...(await sdkMismatches(w, expected, n, action)),
      ];
      report.mismatchCount += found.length;
      report.mismatches.push(...found.slice(0, Math.max(0, KEEP - report.mismatches.length)));
    }
    report.steps = n;
  } finally {
    if (w) await disposeWorld(w);
    db.close();
    await s.close();
  }
  report.ms = Date.now() - started;
  return report;
}

async function serverMismatches(w: World, expected: Map<string, Recount>, n: number, action: StepInfo) {
  const out: Mismatch[] = [];
  const answers = await Promise.all(w.users.map((u) => w.s.chat(u.token, "GET", "/unread")));
  for (const [i, u] of w.users.entries()) {
    const want = expected.get(u.id)!;
    const r = answers[i]!;
    const got = new Map<string, number>(r.body.channels.map((c: any) => [c.cid, c.unread_count]));
    const mentions = new Map<string, number>(r.body.channels.map((c: any) => [c.cid, c.unread_mentions]));
    const add = (what: string, e: unknown, g: unknown) =>
      out.push({ step: n, action, who: `${u.id} server`, what, expected: e, got: g });
    if (r.body.total_unread_count !== want.total) add("total", want.total, r.body.total_unread_count);
    if (!sameMap(got, want.channels))
      add("channels", Object.fromEntries(want.channels), Object.fromEntries(got));
    if (!sameMap(mentions, want.mentions))
      add("mentions", Object.fromEntries(want.mentions), Object.fromEntries(mentions));
  }
  return out;
}

/** The tabs get SETTLE_MS to apply their events; the store does not change meanwhile. */
async function sdkMismatches(w: World, expected: Map<string, Recount>, n: number, action: StepInfo) {
  const check = (): Mismatch[] => {
    const out: Mismatch[] = [];
    for (const u of w.users) {
      const want = expected.get(u.id)!;
      u.tabs.forEach((tab, t) => {
        const who = `${u.id} tab ${t}`;
        const add = (what: string, e: unknown, g: unknown) =>
          out.push({ step: n, action, who, what, expected: e, got: g });
        if (tab.totalUnreadCount !== want.total) {
          const held = [...tab.activeChannels.values()].map(
            (c) =>
              `${c.cid}:${c.state.initialized ? "" : "uninit,"}${c.state.membership ? "" : "no-membership,"}${c.state.membership?.muted ? "muted," : ""}${c.state.unreadCount}`,
          );
          add("total", want.total, `${tab.totalUnreadCount} (${held.join(" ")})`);
        }
        for (const ch of w.channels) {
          const held = tab.activeChannels.get(ch.cid)?.state;
          const e = want.channels.get(ch.cid) ?? 0;
          const g = held?.membership ? held.unreadCount : want.channels.has(ch.cid) ? "not held" : 0;
          if (g !== e) {
            const tail = (held?.messages ?? [])
              .slice(-6)
              .map((m) => `${m.user.id.slice(-4)}/${m.type}/${m.seq}${m.parent_id ? "/reply" : ""}`);
            add(`channel ${ch.cid}`, e, process.env.UNREAD_DUMP ? `${g} [${tail.join(" ")}]` : g);
          }
        }
      });
    }
    return out;
  };
  const deadline = Date.now() + SETTLE_MS;
  let found = check();
  while (found.length > 0 && Date.now() < deadline) {
    await sleep(5);
    found = check();
  }
  return found;
}

function sameMap(a: Map<string, number>, b: Map<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
