import type { UnitOfWork } from "../../store/store.js";

/** Stores a membership's mute and tells the member's sockets (a request, or a timed mute ending). */
export async function setMute(
  tx: UnitOfWork,
  cid: string,
  userId: string,
  muted: boolean,
  mutedUntil: string | null,
  now: string,
): Promise<void> {
  await tx.members.update(cid, userId, { muted, muted_until: mutedUntil });
  tx.emit({
    kind: "users",
    userIds: [userId],
    event: {
      type: "notification.channel_mutes_updated",
      cid,
      muted,
      muted_until: mutedUntil,
      created_at: now,
    },
  });
}
