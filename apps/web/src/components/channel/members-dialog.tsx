import type { Channel, ChannelStateSnapshot } from "@parley/client";
import type { UserResponse } from "@parley/protocol";
import { useState } from "react";
import { useChatClient, useClientState } from "../../chat/client-context";
import { attempt, showNotice } from "../../chat/notices";
import { canAssignRoles, canManageChannel } from "../../chat/permissions";
import { useMutedUsers } from "../../moderation/use-moderation-user";
import { UserPicker } from "../sidebar/user-picker";
import { Dialog } from "../ui/dialog";
import { MemberRow } from "./member-row";

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
  const assignRoles = canAssignRoles(state);
  const members = Object.values(state.members).sort((a, b) => a.user.name.localeCompare(b.user.name));
  const total = state.channel?.member_count ?? members.length;
  const toggleMute = (user: UserResponse) => {
    const muted = mutes.includes(user.id);
    attempt(muted ? `unmute ${user.name}` : `mute ${user.name}`, async () => {
      await client.moderation.muteUser(user.id, !muted);
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
          <MemberRow
            key={m.user_id}
            member={m}
            isMe={m.user_id === userID}
            muted={mutes.includes(m.user_id)}
            canRemove={manage}
            canAssignRoles={assignRoles}
            onToggleMute={() => toggleMute(m.user)}
            onRemove={() => run(channel.removeMembers([m.user_id]))}
            onSetModerator={(moderator) =>
              run(
                channel.assignRoles([
                  { user_id: m.user_id, channel_role: moderator ? "channel_moderator" : "channel_member" },
                ]),
              )
            }
          />
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
