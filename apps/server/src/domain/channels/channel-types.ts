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

/** Policies are re-read this often, so a change made on any node applies everywhere within it. */
const POLICY_TTL_MS = 500;

/** Per-type configuration and policies, stored in the database and cached here. */
export class ChannelTypes {
  private readonly cache = new Map<string, ChannelConfig>();
  private readonly policyCache = new Map<string, { at: number; sorted: Policy[] }>();
  private nameCache: { at: number; names: string[] } | undefined;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Seeds the built-in types on a fresh database; existing (possibly edited) rows are kept. */
  async seed(): Promise<void> {
    for (const [name, config] of Object.entries(BUILT_IN_TYPES)) {
      if (!(await this.store.channelTypes.get(name))) {
        await this.store.channelTypes.put({
          name,
          config: JSON.stringify(config),
          created_at: iso(this.clock()),
          policies: null,
        });
      }
    }
  }

  /** Inside a transaction, pass its repos: on SQLite a read outside it would wait for it forever. */
  async get(name: string, repos: Repos = this.store): Promise<ChannelConfig> {
    const hit = this.cache.get(name);
    if (hit) return hit;
    const row = await repos.channelTypes.get(name);
    if (!row) {
      throw new DomainError(ErrorCode.validation, `unknown channel type "${name}"`, {
        type: "unknown channel type",
      });
    }
    const config = { ...base, ...(JSON.parse(row.config) as Partial<ChannelConfig>) };
    this.cache.set(name, config);
    return config;
  }

  /** The type's policies in evaluation order (stored ones, or the built-in defaults). */
  async policies(name: string, repos: Repos = this.store): Promise<Policy[]> {
    const now = Date.now();
    const hit = this.policyCache.get(name);
    if (hit && now - hit.at < POLICY_TTL_MS) return hit.sorted;
    const row = await repos.channelTypes.get(name);
    if (!row) throw new DomainError(ErrorCode.notFound, `unknown channel type "${name}"`);
    const list = row.policies
      ? (JSON.parse(row.policies) as Policy[])
      : (DEFAULT_POLICIES[name] ?? [DENY_ALL]);
    const sorted = ordered(list);
    this.policyCache.set(name, { at: now, sorted });
    return sorted;
  }

  /** Every channel type's name. */
  async names(): Promise<string[]> {
    const now = Date.now();
    if (this.nameCache && now - this.nameCache.at < POLICY_TTL_MS) return this.nameCache.names;
    const names = await this.store.channelTypes.names();
    this.nameCache = { at: now, names };
    return names;
  }

  /** Forgets the cached policies of a type (another node changed them). */
  invalidatePolicies(name: string): void {
    this.policyCache.delete(name);
  }

  /** Replaces a type's policies; `null` restores the built-in defaults. */
  async setPolicies(name: string, policies: Policy[] | null): Promise<Policy[]> {
    if (!(await this.store.channelTypes.get(name)))
      throw new DomainError(ErrorCode.notFound, `unknown channel type "${name}"`);
    await this.store.channelTypes.setPolicies(name, policies ? JSON.stringify(policies) : null);
    this.policyCache.delete(name);
    return this.policies(name);
  }
}
