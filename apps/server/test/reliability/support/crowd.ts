import type { ChatClient } from "@parley/client";
import type WebSocket from "ws";
import type { ChildServer } from "./child-server.js";
import { sdkClient } from "./sdk.js";
import { chatCall, type SeededUser, seedUsers, serverToken } from "./users.js";

export interface CrowdOptions {
  clients: number;
  /** Members per channel; each client's user is in exactly one channel. */
  perChannel: number;
  /** Spread sockets over 127.0.0.2 … 127.0.0.(1 + addresses). */
  addresses?: number;
  /** SDK backoff (default: the SDK's own, 500 ms base, 30 s cap, full jitter). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** SDK log lines of member `index` (diagnostics). */
  logger?: (index: number, level: string, message: string, extra?: Record<string, unknown>) => void;
}

export interface Member {
  index: number;
  user: SeededUser;
  cid: string;
  client: ChatClient | undefined;
  /** Message ids this client got as `message.new` (or holds in its channel state). */
  received: Set<string>;
  /** performance.now() of the last `connection.recovered`. */
  recoveredAt: number | undefined;
}

/**
 * Thousands of SDK clients, one user each, `perChannel` users per channel, sockets spread over
 * several local addresses. Users are seeded in the store and channels created by their first
 * member; a server-side token posts messages as the channel's owner.
 */
export class Crowd {
  readonly members: Member[];
  readonly cids: string[];
  readonly #server: ChildServer;
  readonly #opts: CrowdOptions;
  #serverToken = "";

  private constructor(server: ChildServer, opts: CrowdOptions, members: Member[], cids: string[]) {
    this.#server = server;
    this.#opts = opts;
    this.members = members;
    this.cids = cids;
  }

  static async create(server: ChildServer, opts: CrowdOptions): Promise<Crowd> {
    const ids = Array.from({ length: opts.clients }, (_, i) => `c${i}`);
    const users = await seedUsers(server, ids);
    const cids: string[] = [];
    for (let k = 0; k * opts.perChannel < users.length; k++) {
      const group = users.slice(k * opts.perChannel, (k + 1) * opts.perChannel);
      const id = `crowd-${k}`;
      const r = await chatCall(server, group[0]!.token, "POST", `/channels/messaging/${id}/query`, {
        data: { name: id, members: group.map((u) => u.id) },
        messages: { limit: 0 },
      });
      if (r.status !== 200) throw new Error(`channel ${id}: ${r.status} ${JSON.stringify(r.body)}`);
      cids.push(`messaging:${id}`);
    }
    const members = users.map((user, index) => ({
      index,
      user,
      cid: cids[Math.floor(index / opts.perChannel)]!,
      client: undefined,
      received: new Set<string>(),
      recoveredAt: undefined,
    }));
    const crowd = new Crowd(server, opts, members, cids);
    crowd.#serverToken = await serverToken(server);
    return crowd;
  }

  /** Connects one member's client and lists (watches) its channel, as the web app does. */
  async connect(m: Member): Promise<void> {
    const addresses = this.#opts.addresses ?? 8;
    const client = sdkClient(this.#server.url, this.#server.appKey, {
      localAddress: `127.0.0.${2 + (m.index % addresses)}`,
      backoffBaseMs: this.#opts.backoffBaseMs ?? 500,
      backoffCapMs: this.#opts.backoffCapMs ?? 30_000,
      connectAttempts: 5,
      ...(this.#opts.logger
        ? { logger: (level, message, extra) => this.#opts.logger?.(m.index, level, message, extra) }
        : {}),
    });
    m.client = client;
    client.on("connection.recovered", () => {
      m.recoveredAt = performance.now();
    });
    await client.connectUser({ id: m.user.id }, m.user.token);
    const [channel] = await client.queryChannels({}, undefined, { message_limit: 25 });
    if (!channel) throw new Error(`${m.user.id} sees no channel`);
    channel.on("message.new", (e) => m.received.add(e.message.id));
  }

  /** Connects every member, `concurrency` at a time. */
  async connectAll(concurrency = 100): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < this.members.length) await this.connect(this.members[next++]!);
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  async disconnect(m: Member): Promise<void> {
    const client = m.client;
    m.client = undefined;
    await client?.disconnectUser();
  }

  async disconnectAll(): Promise<void> {
    await Promise.all(this.members.map((m) => this.disconnect(m)));
  }

  /** The network drops under every client at once: each raw socket is cut (no close handshake). */
  dropAll(): void {
    for (const m of this.members) {
      m.recoveredAt = undefined;
      (m.client?.connection?.socket as unknown as WebSocket | undefined)?.terminate();
    }
  }

  /** Posts a message in a channel as its first member (server-side token); answers its id. */
  async post(cid: string, text: string): Promise<string> {
    const owner = this.members.find((m) => m.cid === cid)!.user.id;
    const r = await chatCall(
      this.#server,
      this.#serverToken,
      "POST",
      `/channels/messaging/${cid.slice("messaging:".length)}/messages?user_id=${owner}`,
      { message: { text } },
    );
    if (r.status !== 201) throw new Error(`post in ${cid}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.message.id;
  }

  /** Whether a member's client holds `id` (received as an event, or in its channel's state). */
  has(m: Member, id: string): boolean {
    if (m.received.has(id)) return true;
    const state = m.client?.activeChannels.get(m.cid)?.state;
    return state?.messages.some((x) => x.id === id) ?? false;
  }
}
