import type { SetUserStatusBody, UserResponse } from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { Clock } from "../clock.js";
import { invalid, notFound } from "../errors.js";
import { futureTime } from "../notifications/future-time.js";
import { toUserResponse } from "./serialize.js";
import { emitUserUpdated } from "./user-updated.js";

/** The caller's status: set whole or cleared, each in one unit of work with its `user.updated`. */
export class UserStatusService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async set(actor: Actor, body: SetUserStatusBody): Promise<UserResponse> {
    const now = this.clock();
    const emoji = body.emoji ?? "";
    const text = (body.text ?? "").trim();
    if (!emoji && !text) throw invalid("text", "a status needs an emoji or a text (or clear it instead)");
    const expires = body.expires_at ? futureTime("expires_at", body.expires_at, now) : null;
    return this.write(
      actor.userId,
      { status_emoji: emoji, status_text: text, status_expires_at: expires },
      now,
    );
  }

  clear(actor: Actor): Promise<UserResponse> {
    const now = this.clock();
    return this.write(actor.userId, { status_emoji: null, status_text: null, status_expires_at: null }, now);
  }

  private write(
    userId: string,
    status: { status_emoji: string | null; status_text: string | null; status_expires_at: string | null },
    now: Date,
  ): Promise<UserResponse> {
    return this.store.transaction(async (tx) => {
      const before = await tx.users.get(userId);
      if (!before || before.deleted_at) throw notFound("user");
      await tx.users.setStatus(userId, status);
      await emitUserUpdated(tx, userId, now);
      return toUserResponse({ ...before, ...status }, now);
    });
  }
}
