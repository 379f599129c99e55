import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useState } from "react";
import { Link } from "react-router";
import { channelDisplay, onlineCount } from "../../chat/channel-display";
import { useClientState } from "../../chat/client-context";
import { useNow } from "../../chat/use-now";
import { Avatar } from "../avatar";
import { Icon } from "../ui/icons";
import { UserStatusMark } from "../user-status";
import { ChannelMenu } from "./channel-menu";
import { MembersDialog } from "./members-dialog";
import { mutedText } from "./mute-menu-items";
import { PinnedDialog } from "./pinned-dialog";

/** The other person of a direct conversation between two. */
function dmPartner(state: ChannelStateSnapshot, userId: string | undefined) {
  const count = state.channel?.member_count ?? Object.keys(state.members).length;
  if (!state.channel?.is_direct || count !== 2) return undefined;
  return Object.values(state.members).find((m) => m.user_id !== userId)?.user;
}

function subtitle(state: ChannelStateSnapshot, userId: string | undefined): string {
  const count = state.channel?.member_count ?? Object.keys(state.members).length;
  const online = onlineCount(state);
  const partner = dmPartner(state, userId);
  if (partner) return partner.online ? "Online" : "Offline";
  return `${count} ${count === 1 ? "member" : "members"} · ${online} online`;
}

/** The channel's name, picture, members and online count; pinned messages, members and the menu. */
export function ChannelHeader({ channel, state }: { channel: Channel; state: ChannelStateSnapshot }) {
  const { userID } = useClientState();
  const [open, setOpen] = useState<"members" | "pinned" | null>(null);
  const display = channelDisplay(state, userID, channel.cid);
  const topic = state.channel?.topic ?? "";
  const partner = dmPartner(state, userID);
  // Re-rendered by the clock too, so a timed mute's marker goes when the mute ends.
  const muted = mutedText(channel, useNow());
  return (
    <header className="channel-header">
      <Link to="/chats" className="icon-button channel-header__back" aria-label="Back to chats">
        <Icon name="back" />
      </Link>
      <Avatar
        name={display.name}
        image={display.image}
        colourKey={display.colourKey}
        online={partner ? Boolean(partner.online) : undefined}
      />
      <div className="channel-header__titles">
        <h1 className="channel-header__name" data-testid="channel-name">
          {display.name}
          {muted && (
            <span className="channel-header__muted" data-testid="channel-muted">
              {" "}
              · {muted}
            </span>
          )}
        </h1>
        <p className="channel-header__meta" data-testid="channel-meta" title={topic || undefined}>
          {subtitle(state, userID)}
          {partner && <UserStatusMark user={partner} variant="full" />}
          {topic && <span data-testid="channel-topic"> · {topic}</span>}
        </p>
      </div>
      <div className="channel-header__actions">
        <button
          type="button"
          className="icon-button channel-header__shortcut"
          aria-label="Pinned messages"
          title="Pinned messages"
          onClick={() => setOpen("pinned")}
        >
          <Icon name="pin" />
        </button>
        <button
          type="button"
          className="icon-button channel-header__shortcut"
          aria-label="Members"
          title="Members"
          onClick={() => setOpen("members")}
        >
          <Icon name="users" />
        </button>
        <ChannelMenu
          channel={channel}
          state={state}
          onMembers={() => setOpen("members")}
          onPinned={() => setOpen("pinned")}
        />
      </div>
      {open === "members" && <MembersDialog channel={channel} state={state} onClose={() => setOpen(null)} />}
      {open === "pinned" && <PinnedDialog channel={channel} state={state} onClose={() => setOpen(null)} />}
    </header>
  );
}
