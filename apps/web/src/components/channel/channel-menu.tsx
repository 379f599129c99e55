import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useState } from "react";
import { useNavigate } from "react-router";
import { channelDisplay } from "../../chat/channel-display";
import { useClientState } from "../../chat/client-context";
import { attempt } from "../../chat/notices";
import { canManageChannel } from "../../chat/permissions";
import { channelLevelLabel } from "../../settings/notify-labels";
import { starMenuItem } from "../sidebar/star-menu-item";
import { ConfirmDialog } from "../ui/dialog";
import { Icon } from "../ui/icons";
import { Menu } from "../ui/menu";
import { ChannelNotificationsDialog } from "./channel-notifications-dialog";
import { ChannelSettingsDialog } from "./channel-settings-dialog";
import { muteMenuItems } from "./mute-menu-items";

interface ChannelMenuProps {
  channel: Channel;
  state: ChannelStateSnapshot;
  onMembers: () => void;
  onPinned: () => void;
}

/** Rename, picture, members, pinned, notifications, mute, hide, leave. */
export function ChannelMenu({ channel, state, onMembers, onPinned }: ChannelMenuProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<"settings" | "leave" | "notifications" | null>(null);
  const { userID, user } = useClientState();
  const manage = canManageChannel(state);
  const member = state.membership !== null;
  const level = channelLevelLabel(
    state.membership?.notify_level ?? "default",
    user?.notify?.default_level ?? "mentions",
  );
  const items = [
    manage && { label: "Channel settings", onSelect: () => setOpen("settings") },
    { label: manage ? "Add or remove members" : "Members", onSelect: onMembers },
    { label: "Pinned messages", onSelect: onPinned },
    member && { label: `Notifications: ${level}`, onSelect: () => setOpen("notifications") },
    member && starMenuItem(channel),
    ...(member ? muteMenuItems(channel) : []),
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
      {open === "notifications" && (
        <ChannelNotificationsDialog
          channel={channel}
          state={state}
          name={channelDisplay(state, userID, channel.cid).name}
          onClose={() => setOpen(null)}
        />
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
