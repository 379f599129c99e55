import type { Channel, ChatClient } from "@parley/client";
import { ChildServer } from "../support/child-server.js";
import { prng, sleep, until } from "../support/prng.js";
import { SendLog, sdkClient } from "../support/sdk.js";
import { chatCall, type SeededUser, seedUsers } from "../support/users.js";
import { type ClientRecord, checkCrashRun } from "./crash-checks.js";

export interface CrashOptions {
  seed: number;
  messages: number;
  users?: number;
  channels?: number;
}

export interface CrashReport {
  seed: number;
  messages: number;
  /** The server was SIGKILLed when this many sends had been acknowledged. */
  killAfterAcks: number;
  /** Sends in flight (sent, not answered) at the kill. */
  inFlightAtKill: number;
  downMs: number;
  /** Answers to sends, by either transport: created, or deduplicated by client id (SendLog). */
  created: number;
  deduplicated: number;
  /** Send attempts that failed (connection refused or reset) and were retried. */
  retried: number;
  durationMs: number;
  problems: string[];
}

export interface PlannedMessage {
  id: string;
  text: string;
  cid: string;
  sender: number;
}

/**
 * One crash-and-resume run: `users` SDK clients, each a member of two of `channels` channels,
 * send `messages` messages (client-chosen ids) as fast as they can; the server is SIGKILLed when
 * a seeded number of sends has been acknowledged, restarted on the same port and data directory
 * after a seeded pause, and every client resumes and retries. Then everything is checked against
 * the store (crash-checks.ts).
 */
export async function runCrashScenario(opts: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const rng = prng(opts.seed);
  const nUsers = opts.users ?? 50;
  const nChannels = opts.channels ?? 10;
  const server = await ChildServer.start();
  const clients: ChatClient[] = [];
  try {
    const ids = Array.from({ length: nUsers }, (_, i) => `s${opts.seed}u${i}`);
    const users = await seedUsers(server, ids);
    const cids = await createChannels(server, users, nChannels);
    const channelsOf = (u: number) => [u % nChannels, (u + 3) % nChannels].map((c) => cids[c]!);

    const log = new SendLog();
    const records: ClientRecord[] = [];
    const handles: Map<string, Channel>[] = [];
    for (const [i, user] of users.entries()) {
      const client = sdkClient(server.url, server.appKey, {
        fetch: log.fetch,
        WebSocket: log.webSocket(),
        random: Math.random,
      });
      clients.push(client);
      await client.connectUser({ id: user.id }, user.token);
      const byCid = new Map<string, Channel>();
      for (const cid of channelsOf(i)) {
        const channel = client.channel("messaging", cid.slice("messaging:".length));
        await channel.watch();
        const record: ClientRecord = {
          user: user.id,
          cid,
          fromSeq: channel.state.lastSeq,
          seqs: [],
          newIds: [],
        };
        channel.on("all", (e) => {
          if ("seq" in e && typeof e.seq === "number") record.seqs.push(e.seq);
        });
        channel.on("message.new", (e) => record.newIds.push(e.message.id));
        records.push(record);
        byCid.set(cid, channel);
      }
      handles.push(byCid);
    }

    const plan: PlannedMessage[] = Array.from({ length: opts.messages }, (_, k) => {
      const sender = rng.int(0, nUsers - 1);
      return {
        id: `m${opts.seed}-${k}`,
        text: `seed ${opts.seed} message ${k}`,
        cid: rng.pick(channelsOf(sender)),
        sender,
      };
    });
    const killAfterAcks = rng.int(Math.floor(opts.messages * 0.2), Math.floor(opts.messages * 0.8));
    const downMs = rng.int(100, 1500);

    let acked = 0;
    let inFlight = 0;
    let inFlightAtKill = 0;
    let retried = 0;
    let crash: Promise<void> | undefined;
    const send = async (m: PlannedMessage) => {
      const channel = handles[m.sender]!.get(m.cid)!;
      for (;;) {
        inFlight++;
        try {
          await channel.sendMessage({ id: m.id, text: m.text });
          break;
        } catch {
          retried++;
          await sleep(20 + Math.floor(Math.random() * 80));
        } finally {
          inFlight--;
        }
      }
      acked++;
      if (acked === killAfterAcks) {
        inFlightAtKill = inFlight;
        crash = (async () => {
          await server.kill("SIGKILL");
          await sleep(downMs);
          await server.restart();
        })();
      }
    };
    const queues = Array.from({ length: nUsers }, (_, u) => plan.filter((m) => m.sender === u));
    await Promise.all(
      queues.map(async (queue) => {
        for (const m of queue) await send(m);
      }),
    );
    await crash;

    // Every client catches up with every channel it is in.
    const lastSeqs = new Map<string, number>();
    for (const cid of cids) lastSeqs.set(cid, await lastSeqAsMember(server, users, cid, channelsOf));
    await until(
      () =>
        handles.every((byCid) =>
          [...byCid].every(
            ([cid, ch]) => ch.state.lastSeq >= (lastSeqs.get(cid) ?? Number.POSITIVE_INFINITY),
          ),
        ),
      60_000,
      "every client to reach every channel's last seq",
    );

    // Retrying an acknowledged send with its client id answers the original, never a copy.
    const resendProblems: string[] = [];
    for (let i = 0; i < 20; i++) {
      const m = rng.pick(plan);
      const r = await chatCall(
        server,
        users[m.sender]!.token,
        "POST",
        `/channels/messaging/${m.cid.slice(10)}/messages`,
        {
          message: { id: m.id, text: m.text },
        },
      );
      if (r.status !== 200 || r.body.message.id !== m.id) {
        resendProblems.push(`resend of ${m.id} answered ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
    }
    const pending = handles.flatMap((byCid) =>
      [...byCid.values()].flatMap((ch) =>
        ch.state.messages.filter((m) => m.status !== "received").map((m) => m.id),
      ),
    );
    for (const c of clients.splice(0)) await c.disconnectUser();
    await server.kill("SIGTERM");

    const problems = [
      ...resendProblems,
      ...(pending.length ? [`messages still pending in clients: ${pending.slice(0, 5).join(", ")}`] : []),
      ...checkCrashRun(server.dataDir, plan, cids, records),
    ];
    return {
      seed: opts.seed,
      messages: opts.messages,
      killAfterAcks,
      inFlightAtKill,
      downMs,
      created: log.count(201),
      deduplicated: log.count(200),
      retried,
      durationMs: Date.now() - started,
      problems,
    };
  } finally {
    for (const c of clients) await c.disconnectUser().catch(() => undefined);
    await server.dispose();
  }
}

async function createChannels(server: ChildServer, users: SeededUser[], n: number): Promise<string[]> {
  const cids: string[] = [];
  for (let c = 0; c < n; c++) {
    const members = users.filter((_, i) => i % n === c || (i + 3) % n === c);
    const owner = members[0]!;
    const id = `crash-${c}`;
    const r = await chatCall(server, owner.token, "POST", `/channels/messaging/${id}/query`, {
      data: { name: `Crash ${c}`, members: members.map((m) => m.id) },
    });
    if (r.status !== 200) throw new Error(`channel ${id}: ${r.status} ${JSON.stringify(r.body)}`);
    cids.push(`messaging:${id}`);
  }
  return cids;
}

async function lastSeqAsMember(
  server: ChildServer,
  users: SeededUser[],
  cid: string,
  channelsOf: (u: number) => string[],
): Promise<number> {
  const member = users.findIndex((_, i) => channelsOf(i).includes(cid));
  const r = await chatCall(
    server,
    users[member]!.token,
    "POST",
    `/channels/messaging/${cid.slice(10)}/query`,
    {
      create: false,
      messages: { limit: 0 },
    },
  );
  if (r.status !== 200) throw new Error(`query ${cid}: ${r.status}`);
  return r.body.last_seq;
}
