import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useState } from "react";
import { useNavigate } from "react-router";
import { attempt } from "../../chat/notices";
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
      onSelect: () =>
        attempt(muted ? "unmute the channel" : "mute the channel", () =>
          muted ? channel.unmute() : channel.mute(),
        ),
    },
    member && {
      label: "Hide from the list",
      onSelect: () => attempt("hide the channel", () => channel.hide().then(() => navigate("/chats"))),
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
          onConfirm={() => attempt("leave the channel", () => channel.leave().then(() => navigate("/chats")))}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
