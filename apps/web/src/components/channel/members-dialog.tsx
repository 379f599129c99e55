import type { Channel, ChannelStateSnapshot } from "@parley/client";
import type { ChannelRole, UserResponse } from "@parley/protocol";
import { useState } from "react";
import { useChatClient, useClientState } from "../../chat/client-context";
import { attempt, showNotice } from "../../chat/notices";
import { canManageChannel } from "../../chat/permissions";
import { muteUser } from "../../moderation/moderation-api";
import { useMutedUsers } from "../../moderation/use-moderation-user";
import { Avatar } from "../avatar";
import { UserPicker } from "../sidebar/user-picker";
import { Dialog } from "../ui/dialog";

/** How a member's channel role shows beside their name (plain members show none). */
const ROLE_LABELS: Record<ChannelRole, string | null> = {
  owner: "Owner",
  channel_moderator: "Moderator",
  channel_member: null,
};

/**
 * The members with their online state; mute or unmute one (their messages are hidden for you);
 * add and remove them where allowed (not in direct conversations).
 */
export function MembersDialog({
  channel,
  state,
  onClose,
}: {
  channel: Channel;
  state: ChannelStateSnapshot;
  onClose: () => void;
}) {
  const client = useChatClient();
  const { userID } = useClientState();
  const mutes = useMutedUsers(client);
  const [adding, setAdding] = useState<UserResponse[]>([]);
  const [error, setError] = useState<string | null>(null);
  const manage = canManageChannel(state);
  const members = Object.values(state.members).sort((a, b) => a.user.name.localeCompare(b.user.name));
  const total = state.channel?.member_count ?? members.length;
  const toggleMute = (user: UserResponse) => {
    const muted = mutes.includes(user.id);
    attempt(muted ? `unmute ${user.name}` : `mute ${user.name}`, async () => {
      await muteUser(client.rest, user.id, !muted);
      showNotice(muted ? `${user.name} is unmuted.` : `${user.name} is muted: their messages are hidden.`);
    });
  };
  const run = (action: Promise<void>, after?: () => void) =>
    action.then(after).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  return (
    <Dialog title={`Members (${total})`} onClose={onClose} wide>
      {total > members.length && (
        <p className="muted">
          Showing the first {members.length} of {total}.
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="member-list">
        {members.map((m) => (
          <li key={m.user_id} className="member">
            <span className="member__avatar">
              <Avatar name={m.user.name} image={m.user.image} colourKey={m.user_id} size="sm" />
              <span className={m.user.online ? "presence presence--online" : "presence"} />
            </span>
            <span className="member__name">
              {m.user.name}
              {m.user_id === userID && " (you)"}
              <span className="muted"> {m.user.online ? "online" : "offline"}</span>
            </span>
            {ROLE_LABELS[m.role] && <span className="member__role">{ROLE_LABELS[m.role]}</span>}
            {m.user_id !== userID && (
              <button type="button" className="button button--small" onClick={() => toggleMute(m.user)}>
                {mutes.includes(m.user_id) ? "Unmute" : "Mute"}
                <span className="visually-hidden"> {m.user.name}</span>
              </button>
            )}
            {manage && m.user_id !== userID && (
              <button
                type="button"
                className="button button--small"
                onClick={() => run(channel.removeMembers([m.user_id]))}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {manage && (
        <div className="member-add">
          <UserPicker
            selected={adding}
            onChange={setAdding}
            exclude={Object.keys(state.members)}
            label="Add people"
          />
          <button
            type="button"
            className="button button--primary"
            disabled={adding.length === 0}
            onClick={() => run(channel.addMembers(adding.map((u) => u.id)), () => setAdding([]))}
          >
            Add {adding.length > 0 ? adding.length : ""}
          </button>
        </div>
      )}
    </Dialog>
  );
}
