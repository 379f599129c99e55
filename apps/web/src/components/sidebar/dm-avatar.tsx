import type { ChannelStateSnapshot } from "@parley/client";
import type { UserResponse } from "@parley/protocol";
import type { ChannelDisplay } from "../../chat/channel-display";
import { useClientState } from "../../chat/client-context";
import { Avatar } from "../avatar";
import { UserStatusMark } from "../user-status";

/** The other person of a direct conversation between two, as the channel knows them now. */
function partnerOf(state: ChannelStateSnapshot, userId: string | undefined): UserResponse | undefined {
  const others = Object.values(state.members).filter((m) => m.user_id !== userId);
  return others.length === 1 ? others[0]?.user : undefined;
}

/**
 * A direct conversation's picture in the sidebar: the other person's avatar, with their presence
 * dot when the conversation is between two.
 */
export function DmAvatar({ display, state }: { display: ChannelDisplay; state: ChannelStateSnapshot }) {
  const { userID } = useClientState();
  const partner = partnerOf(state, userID);
  return (
    <span className="dm-avatar">
      <Avatar
        name={display.name}
        image={display.image}
        colourKey={display.colourKey}
        online={partner ? Boolean(partner.online) : undefined}
      />
    </span>
  );
}

/** The status emoji (and Do Not Disturb mark) of a two-person conversation's other person. */
export function DmStatus({ state }: { state: ChannelStateSnapshot }) {
  const { userID } = useClientState();
  return <UserStatusMark user={partnerOf(state, userID)} />;
}
