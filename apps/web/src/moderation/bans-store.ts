import type { ChatClient, Subscription } from "@parley/client";
import type { BanResponse } from "@parley/protocol";

export interface BansSnapshot {
  bans: readonly BanResponse[];
  loading: boolean;
  error: Error | null;
}

const sameBan = (a: Pick<BanResponse, "user_id" | "cid">, b: Pick<BanResponse, "user_id" | "cid">) =>
  a.user_id === b.user_id && a.cid === b.cid;

/** Bans in force, newest first; `user.banned` adds, `user.unbanned` removes. */
export function withBan(bans: readonly BanResponse[], ban: BanResponse): BanResponse[] {
  return [ban, ...bans.filter((b) => !sameBan(b, ban))];
}

export function withoutBan(
  bans: readonly BanResponse[],
  ban: Pick<BanResponse, "user_id" | "cid">,
): BanResponse[] {
  return bans.filter((b) => !sameBan(b, ban));
}

/** The app-wide bans list with Unban, live through the ban events. */
export class BansStore {
  readonly #client: ChatClient;
  #snapshot: BansSnapshot = { bans: [], loading: true, error: null };
  readonly #listeners = new Set<() => void>();
  #subscriptions: Subscription[] = [];

  constructor(client: ChatClient) {
    this.#client = client;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) {
      // "all": the two ban events share one declaration, which a single-type handler cannot name.
      this.#subscriptions = [
        this.#client.on("all", (e) => {
          if (e.type === "user.banned") this.#set({ bans: withBan(this.#snapshot.bans, e.ban) });
          if (e.type === "user.unbanned") this.#set({ bans: withoutBan(this.#snapshot.bans, e.ban) });
        }),
      ];
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      for (const s of this.#subscriptions) s.unsubscribe();
      this.#subscriptions = [];
    };
  };

  getSnapshot = (): BansSnapshot => this.#snapshot;

  async load(): Promise<void> {
    this.#set({ loading: true, error: null });
    try {
      const { bans } = await this.#client.moderation.queryBans();
      this.#set({ bans, loading: false });
    } catch (error) {
      this.#set({ loading: false, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  async unban(ban: BanResponse): Promise<void> {
    await this.#client.moderation.unbanUser(
      ban.cid ? { target_user_id: ban.user_id, cid: ban.cid } : { target_user_id: ban.user_id },
    );
    this.#set({ bans: withoutBan(this.#snapshot.bans, ban) });
  }

  #set(change: Partial<BansSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of [...this.#listeners]) listener();
  }
}
