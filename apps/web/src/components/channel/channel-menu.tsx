import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useState } from "react";
import { useNavigate } from "react-router";
import { canManageChannel } from "../../chat/permissions";
import { ConfirmDialog } from "../ui/dialog";
import { Icon } from "../ui/icons";
import { Menu } from "../ui/menu";
import { ChannelSettingsDialog } from "./channel-settings-dialog";

interface ChannelMenuProps {
  channel: Channel;
  state: ChannelStateSnapshot;
  onMembers: () => void;
  onPinned: () => void;
}

/** Rename, picture, members, pinned, mute, hide, leave. */
export function ChannelMenu({ channel, state, onMembers, onPinned }: ChannelMenuProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<"settings" | "leave" | null>(null);
  const manage = canManageChannel(state);
  const muted = state.membership?.muted ?? false;
  const member = state.membership !== null;
  const items = [
    manage && { label: "Rename or change picture", onSelect: () => setOpen("settings") },
    { label: manage ? "Add or remove members" : "Members", onSelect: onMembers },
    { label: "Pinned messages", onSelect: onPinned },
    member && {
      label: muted ? "Unmute" : "Mute",
      onSelect: () => void (muted ? channel.unmute() : channel.mute()).catch(() => {}),
    },
    member && {
      label: "Hide from the list",
      onSelect: () => {
        channel
          .hide()
          .then(() => navigate("/chats"))
          .catch(() => {});
      },
    },
    member &&
      !state.channel?.is_direct && { label: "Leave channel", onSelect: () => setOpen("leave"), danger: true },
  ];
  return (
    <>
      <Menu label="Channel menu" trigger={<Icon name="more" />} items={items} />
      {open === "settings" && (
        <ChannelSettingsDialog channel={channel} state={state} onClose={() => setOpen(null)} />
      )}
      {open === "leave" && (
        <ConfirmDialog
          title="Leave this channel?"
          message="You will stop getting its messages. Someone in it can add you again."
          confirmLabel="Leave"
          danger
          onConfirm={() => {
            channel
              .leave()
              .then(() => navigate("/chats"))
              .catch(() => {});
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
