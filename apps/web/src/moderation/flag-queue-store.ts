import type { ChatClient, FlagView, Subscription } from "@parley/client";
import type { UpdateFlagsBody } from "@parley/protocol";
import { type FlaggedMessage, groupFlags, withFlags, withReview } from "./flag-queue";

export interface FlagQueueSnapshot {
  groups: readonly FlaggedMessage[];
  loading: boolean;
  error: Error | null;
  /** More reviewed flags may exist (the history pages). */
  hasMoreReviewed: boolean;
}

const PENDING_LIMIT = 100;
const REVIEWED_PAGE = 25;

export type ReviewOptions = NonNullable<UpdateFlagsBody["options"]>;

/**
 * The moderation screen's flag queue: loaded over REST, kept live by `message.flagged` and
 * `flag.reviewed`, changed by reviews (reviewed_by = the current user).
 */
export class FlagQueueStore {
  readonly #client: ChatClient;
  #flags: FlagView[] = [];
  #reviewedOffset = 0;
  #snapshot: FlagQueueSnapshot = { groups: [], loading: true, error: null, hasMoreReviewed: false };
  readonly #listeners = new Set<() => void>();
  #subscriptions: Subscription[] = [];

  constructor(client: ChatClient) {
    this.#client = client;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#attach();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#detach();
    };
  };

  getSnapshot = (): FlagQueueSnapshot => this.#snapshot;

  /** Loads the unreviewed flags and the first page of reviewed ones. */
  async load(): Promise<void> {
    this.#set({ loading: true, error: null });
    try {
      const moderation = this.#client.moderation;
      const [pending, reviewed] = await Promise.all([
        moderation.queryFlags({
          filter: { reviewed: false },
          sort: [{ field: "created_at", direction: 1 }],
          limit: PENDING_LIMIT,
        }),
        moderation.queryFlags({ filter: { reviewed: true }, limit: REVIEWED_PAGE, offset: 0 }),
      ]);
      this.#flags = withFlags(pending.flags, reviewed.flags);
      this.#reviewedOffset = reviewed.flags.length;
      this.#set({ loading: false, hasMoreReviewed: reviewed.flags.length === REVIEWED_PAGE });
    } catch (error) {
      this.#set({ loading: false, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  async loadMoreReviewed(): Promise<void> {
    const page = await this.#client.moderation.queryFlags({
      filter: { reviewed: true },
      limit: REVIEWED_PAGE,
      offset: this.#reviewedOffset,
    });
    this.#reviewedOffset += page.flags.length;
    this.#flags = withFlags(this.#flags, page.flags);
    this.#set({ hasMoreReviewed: page.flags.length === REVIEWED_PAGE });
  }

  /** Keep, remove, or remove and ban: one call, reviewed by the current user. */
  async review(messageId: string, options: ReviewOptions): Promise<void> {
    const reviewer = this.#client.userID;
    if (!reviewer) throw new Error("not connected");
    const { flags } = await this.#client.moderation.reviewFlags({
      message_ids: [messageId],
      reviewed_by: reviewer,
      options,
    });
    this.#flags = withFlags(this.#flags, flags);
    this.#set({});
  }

  #attach(): void {
    this.#subscriptions = [
      this.#client.on("message.flagged", (event) => {
        this.#flags = withFlags(this.#flags, [{ ...event.flag, message: event.message }]);
        this.#set({});
      }),
      this.#client.on("flag.reviewed", (event) => {
        this.#flags = withReview(this.#flags, event.message_id, {
          reviewed_by: event.reviewed_by,
          review_result: event.review_result,
          reviewed_at: event.created_at,
        });
        this.#set({});
      }),
    ];
  }

  #detach(): void {
    for (const s of this.#subscriptions) s.unsubscribe();
    this.#subscriptions = [];
  }

  #set(change: Partial<Omit<FlagQueueSnapshot, "groups">>): void {
    this.#snapshot = { ...this.#snapshot, ...change, groups: groupFlags(this.#flags) };
    for (const listener of [...this.#listeners]) listener();
  }
}
