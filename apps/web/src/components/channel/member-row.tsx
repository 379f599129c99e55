import type { ChannelRole, MemberResponse } from "@parley/protocol";
import { Avatar } from "../avatar";
import { UserStatusMark } from "../user-status";

/** How a member's channel role shows beside their name (plain members show none). */
const ROLE_LABELS: Record<ChannelRole, string | null> = {
  owner: "Owner",
  channel_moderator: "Moderator",
  channel_member: null,
};

export interface MemberRowProps {
  member: MemberResponse;
  isMe: boolean;
  muted: boolean;
  /** What the viewer may do to others here (the channel's capabilities). */
  canRemove: boolean;
  canAssignRoles: boolean;
  onToggleMute(): void;
  onRemove(): void;
  onSetModerator(moderator: boolean): void;
}

/** One member: avatar with presence dot, name, status, role, and what the viewer may do to them. */
export function MemberRow({ member: m, isMe, muted, ...can }: MemberRowProps) {
  const others = !isMe;
  const name = <span className="visually-hidden"> {m.user.name}</span>;
  return (
    <li className="member">
      <Avatar
        name={m.user.name}
        image={m.user.image}
        colourKey={m.user_id}
        size="sm"
        online={Boolean(m.user.online) && !m.user.deactivated}
      />
      <span className="member__name" data-testid="member-name">
        {m.user.name}
        {isMe && " (you)"}
        {m.user.deactivated && <span className="muted"> deactivated</span>}
        <UserStatusMark user={m.user} variant="full" />
      </span>
      {ROLE_LABELS[m.role] && <span className="member__role">{ROLE_LABELS[m.role]}</span>}
      {others && (
        <button type="button" className="button button--small" onClick={can.onToggleMute}>
          {muted ? "Unmute" : "Mute"}
          {name}
        </button>
      )}
      {can.canAssignRoles && others && m.role !== "owner" && (
        <button
          type="button"
          className="button button--small"
          onClick={() => can.onSetModerator(m.role !== "channel_moderator")}
        >
          {m.role === "channel_moderator" ? "Remove as moderator" : "Make moderator"}
          {name}
        </button>
      )}
      {can.canRemove && others && (
        <button type="button" className="button button--small" onClick={can.onRemove}>
          Remove
          {name}
        </button>
      )}
    </li>
  );
}
