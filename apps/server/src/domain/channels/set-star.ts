import type { MembershipResponse } from "@parley/protocol";
import type { UnitOfWork } from "../../store/store.js";
import { notFound } from "../errors.js";
import { toMembershipResponse } from "./serialize.js";

/**
 * Stores a membership's star (favourite) and tells the member's own sockets, so their other tabs
 * move the channel in or out of Favourites. Nobody else learns of it.
 */
export async function setStar(
  tx: UnitOfWork,
  cid: string,
  userId: string,
  starred: boolean,
  now: string,
): Promise<MembershipResponse> {
  await tx.members.update(cid, userId, { starred });
  const [member, user] = await Promise.all([tx.members.get(cid, userId), tx.users.get(userId)]);
  if (!member || !user) throw notFound("membership");
  tx.emit({
    kind: "users",
    userIds: [userId],
    event: { type: "channel.starred_updated", cid, starred, created_at: now },
  });
  return toMembershipResponse(member, user);
}
