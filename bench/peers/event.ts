/**
 * The `message.new` event the peers broadcast: field for field the shape Parley sends (see
 * docs/api.md "Events"), so every system writes the same bytes per delivery.
 */
export interface PeerUser {
  id: string;
  name: string;
  image: string;
  role: "user";
  online: boolean;
  last_active: string | null;
  created_at: string;
}

const EPOCH = "2024-01-01T00:00:00.000Z";

export function peerUser(id: string): PeerUser {
  return { id, name: id, image: "", role: "user", online: true, last_active: null, created_at: EPOCH };
}

export function messageNew(cid: string, user: PeerUser, id: string, text: string, seq: number, now: string) {
  const [channelType, channelId] = cid.split(":") as [string, string];
  return {
    type: "message.new",
    message: {
      id,
      cid,
      type: "regular",
      text,
      user,
      created_at: now,
      updated_at: now,
      edited_at: null,
      deleted_at: null,
      seq,
      parent_id: null,
      show_in_channel: false,
      reply_count: 0,
      last_reply_at: null,
      thread_participants: [],
      mentioned_users: [],
      attachments: [],
      reaction_counts: {},
      latest_reactions: [],
      own_reactions: [],
      pinned_at: null,
      pinned_by_id: null,
      poll_id: null,
    },
    user,
    cid,
    channel_type: channelType,
    channel_id: channelId,
    seq,
    created_at: now,
  };
}
