import type { ChannelConfig } from "@parley/protocol";
import { DEFAULT_MAX_MESSAGE_LENGTH, ErrorCode } from "@parley/protocol";
import type { Repos, Store } from "../../store/store.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import { DEFAULT_POLICIES } from "../policies/default-policies.js";
import { DENY_ALL, ordered, type Policy } from "../policies/policy.js";

const base: ChannelConfig = {
  typing_events: true,
  read_events: true,
  reactions: true,
  replies: true,
  uploads: true,
  polls: true,
  search: true,
  max_message_length: DEFAULT_MAX_MESSAGE_LENGTH,
  public_read: false,
};

/** Built-in channel types: `messaging` (members only, the default) and `team` (open to every user). */
export const BUILT_IN_TYPES: Record<string, ChannelConfig> = {
  messaging: base,
  team: { ...base, public_read: true },
};

/** Types are re-read this often, so a change made on any node applies everywhere within it. */
const TYPE_TTL_MS = 500;

interface CachedType {
  at: number;
  config: ChannelConfig;
  /** The policies in evaluation order (stored ones, or the built-in defaults). */
  policies: Policy[];
}

/** Per-type configuration and policies, stored in the database and cached here briefly. */
export class ChannelTypes {
  private readonly cache = new Map<string, CachedType>();
  private nameCache: { at: number; names: string[] } | undefined;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Seeds the built-in types on a fresh database; existing (possibly edited) rows are kept. */
  async seed(): Promise<void> {
    for (const [name, config] of Object.entries(BUILT_IN_TYPES)) {
      if (!(await this.store.channelTypes.get(name))) {
        await this.store.channelTypes.put({ name, config, created_at: iso(this.clock()), policies: null });
      }
    }
  }

  /** Inside a transaction, pass its repos: on SQLite a read outside it would wait for it forever. */
  async get(name: string, repos: Repos = this.store): Promise<ChannelConfig> {
    return (await this.#load(name, repos)).config;
  }

  /** The type's policies in evaluation order (stored ones, or the built-in defaults). */
  async policies(name: string, repos: Repos = this.store): Promise<Policy[]> {
    return (await this.#load(name, repos)).policies;
  }

  /** Every channel type's name. */
  async names(repos: Repos = this.store): Promise<string[]> {
    const now = Date.now();
    if (this.nameCache && now - this.nameCache.at < TYPE_TTL_MS) return this.nameCache.names;
    const names = await repos.channelTypes.names();
    this.nameCache = { at: now, names };
    return names;
  }

  /** Forgets what is cached of a type (another node changed it). */
  invalidate(name: string): void {
    this.cache.delete(name);
  }

  /** A type's settings and policies, for its admins; an unknown type is a 404 here. */
  async describe(name: string): Promise<{ name: string; config: ChannelConfig; policies: Policy[] }> {
    await this.#row(name);
    const { config, policies } = await this.#load(name, this.store);
    return { name, config, policies };
  }

  /**
   * Replaces a type's policies; `null` restores the built-in defaults. Every node forgets the
   * type and re-checks the sockets watching its channels (`access-type`).
   */
  async setPolicies(name: string, policies: Policy[] | null): Promise<Policy[]> {
    await this.store.transaction(async (tx) => {
      await this.#row(name, tx);
      await tx.channelTypes.setPolicies(name, policies);
      tx.emit({ kind: "access-type", type: name });
    });
    this.invalidate(name);
    return this.policies(name);
  }

  /** Changes some of a type's settings; the others keep their values. Announced as `setPolicies` is. */
  async updateConfig(name: string, set: Partial<ChannelConfig>): Promise<ChannelConfig> {
    await this.store.transaction(async (tx) => {
      const row = await this.#row(name, tx);
      await tx.channelTypes.put({ ...row, config: { ...withDefaults(row.config), ...set } });
      tx.emit({ kind: "access-type", type: name });
    });
    this.invalidate(name);
    return this.get(name);
  }

  async #row(name: string, repos: Repos = this.store) {
    const row = await repos.channelTypes.get(name);
    if (!row) throw new DomainError(ErrorCode.notFound, `unknown channel type "${name}"`);
    return row;
  }

  async #load(name: string, repos: Repos): Promise<CachedType> {
    const now = Date.now();
    const hit = this.cache.get(name);
    if (hit && now - hit.at < TYPE_TTL_MS) return hit;
    const row = await repos.channelTypes.get(name);
    if (!row) {
      throw new DomainError(ErrorCode.validation, `unknown channel type "${name}"`, {
        type: "unknown channel type",
      });
    }
    const list = row.policies ?? DEFAULT_POLICIES[name] ?? [DENY_ALL];
    const entry = { at: now, config: withDefaults(row.config), policies: ordered(list) };
    this.cache.set(name, entry);
    return entry;
  }
}

function withDefaults(stored: Partial<ChannelConfig>): ChannelConfig {
  return { ...base, ...stored };
}
