import type { UnitOfWork } from "../../store/store.js";
import { toUserResponse } from "./serialize.js";

/**
 * Tells the watchers of the user's channels (their own other tabs among them) how the user reads
 * now, after their status or Do Not Disturb changed in this unit of work: `user.updated`, sent
 * after commit like presence, never stored.
 */
export async function emitUserUpdated(tx: UnitOfWork, userId: string, now: Date): Promise<void> {
  const user = await tx.users.get(userId);
  if (!user || user.deleted_at) return;
  tx.emit({
    kind: "presence",
    cids: await tx.members.cidsForUser(userId),
    event: { type: "user.updated", user: toUserResponse(user, now), created_at: now.toISOString() },
  });
}
