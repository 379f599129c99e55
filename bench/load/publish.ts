import { newMessageId } from "@parley/protocol";
import { nowUs } from "./clock.js";
import { restSender, type Sender, sioSender, wsSender } from "./senders.js";
import type { PublishArgs, PublishReport } from "./types.js";

const WORDS =
  "the quick brown fox jumps over a lazy dog while seven chat servers race to deliver every word".split(" ");

/** A message text of exactly `bytes` ASCII bytes. */
export function textOf(bytes: number, k: number): string {
  let s = `#${k}`;
  let i = k;
  while (s.length < bytes) s += ` ${WORDS[i++ % WORDS.length]}`;
  return s.slice(0, bytes);
}

export async function openSender(args: PublishArgs): Promise<Sender> {
  if (args.via === "rest") return restSender(args);
  if (args.via === "ws") return wsSender(args);
  return sioSender(args);
}

/**
 * Sends `count` messages round-robin over the targets: closed loop with `window` in flight, or
 * open loop at `rate` per second. Message ids are the app's own (`newMessageId`).
 */
export async function publish(args: PublishArgs, sender: Sender): Promise<PublishReport> {
  const times: [string, number][] = [];
  const report: PublishReport = { sent: 0, acked: 0, errors: 0, ms: 0 };
  const started = Date.now();
  const deadline = args.maxMs === undefined ? Number.POSITIVE_INFINITY : started + args.maxMs;
  const one = async (k: number) => {
    const target = args.targets[k % args.targets.length]!;
    const id = newMessageId();
    if (args.timestamps) times.push([id, nowUs()]);
    report.sent++;
    try {
      await sender.send(target, id, textOf(args.textBytes, k));
      report.acked++;
    } catch (err) {
      report.errors++;
      report.firstError ??= String((err as Error).message);
    }
  };
  if (args.rate) {
    const inflight = new Set<Promise<void>>();
    const interval = 1000 / args.rate;
    for (let k = 0; k < args.count && Date.now() < deadline; k++) {
      const due = started + k * interval;
      const wait = due - Date.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const p = one(k).finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await Promise.all(inflight);
  } else {
    let next = 0;
    const lane = async () => {
      while (next < args.count && Date.now() < deadline) await one(next++);
    };
    await Promise.all(Array.from({ length: Math.max(1, args.window) }, lane));
  }
  report.ms = Date.now() - started;
  if (args.timestamps) report.times = times;
  return report;
}
