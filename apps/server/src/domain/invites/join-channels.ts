import type { ChannelRow, MemberRow, UnitOfWork } from "../../store/store.js";
import { appendEvent } from "../channels/channel-events.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { toChannelResponse, toMemberResponse } from "../channels/serialize.js";
import { appendSystemMessage } from "../channels/system-messages.js";

/**
 * Makes a new account a member of its invite's channels, inside the sign-up's unit of work: the
 * channels' members hear `member.added`, the new user `notification.added_to_channel`. A channel
 * deleted since the invite was made is skipped. Locks are taken in cid order, like every writer.
 */
export async function joinChannels(
  tx: UnitOfWork,
  types: ChannelTypes,
  cids: readonly string[],
  userId: string,
  now: string,
): Promise<void> {
  const user = await tx.users.get(userId);
  if (!user) return;
  for (const cid of [...new Set(cids)].sort()) {
    const locked = await tx.channels.lock(cid);
    if (!locked || locked.deleted_at || (await tx.members.get(cid, userId))) continue;
    const m: MemberRow = {
      cid,
      user_id: userId,
      role: "channel_member",
      created_at: now,
      hidden: false,
      muted: false,
      last_read_at: null,
      last_read_message_id: null,
      last_read_seq: locked.last_seq,
      notify_level: "default",
      muted_until: null,
      starred: false,
    };
    await tx.members.insert(m);
    const row: ChannelRow = await tx.channels.update(cid, {
      member_count: await tx.members.count(cid),
      updated_at: now,
    });
    const channel = toChannelResponse(row, await types.get(row.type, tx));
    const member = toMemberResponse(m, user);
    await appendEvent(tx, row, now, { type: "member.added", member, channel });
    await appendSystemMessage(tx, row, user, now, { kind: "member_joined", targets: [] });
    tx.emit({
      kind: "users",
      userIds: [userId],
      event: { type: "notification.added_to_channel", cid, channel, member, created_at: now },
    });
  }
}
