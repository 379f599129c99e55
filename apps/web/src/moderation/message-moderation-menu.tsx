import type { ChatClient } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import type { MouseEvent } from "react";
import { showNotice } from "../chat/notices";
import { errorText } from "../polls/use-action";
import { type ModerationDialogKind, openModerationDialog } from "./moderation-dialogs";
import { canBanAuthor, canFlag, canModerateDelete, isMutedAuthor } from "./roles";
import { useModerationUser } from "./use-moderation-user";

interface MessageModerationMenuProps {
  client: ChatClient;
  message: MessageResponse;
}

/**
 * Items for a message's "more" menu: Flag (with a reason), for moderators Delete and Ban
 * author, and Mute / Unmute the author (their messages are then hidden for the current user).
 */
export function MessageModerationMenu({ client, message }: MessageModerationMenuProps) {
  const me = useModerationUser(client);
  if (!me || message.user.id === me.id || message.type === "deleted") return null;
  const channelState = client.activeChannels.get(message.cid)?.state;
  const muted = isMutedAuthor(message, me.mutes);
  const open = (kind: ModerationDialogKind) => (event: MouseEvent<HTMLButtonElement>) => {
    returnFocusToMenu(event);
    openModerationDialog({ kind, client, message });
  };
  const toggleMute = async () => {
    try {
      await client.moderation.muteUser(message.user.id, !muted);
      showNotice(
        muted
          ? `${message.user.name} is unmuted.`
          : `${message.user.name} is muted: their messages are hidden.`,
      );
    } catch (caught) {
      showNotice(errorText(caught, muted ? "Could not unmute" : "Could not mute"), { tone: "error" });
    }
  };
  return (
    <>
      {canFlag(message, me, channelState) && <Item label="Flag message" onClick={open("flag")} />}
      {canModerateDelete(message, me, channelState) && (
        <Item label="Delete message" danger onClick={open("delete")} />
      )}
      {canBanAuthor(message, me) && <Item label={`Ban ${message.user.name}`} danger onClick={open("ban")} />}
      <Item
        label={muted ? `Unmute ${message.user.name}` : `Mute ${message.user.name}`}
        onClick={() => void toggleMute()}
      />
    </>
  );
}

function Item({
  label,
  danger = false,
  onClick,
}: {
  label: string;
  danger?: boolean;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={danger ? "menu__item menu__item--danger" : "menu__item"}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** The menu closes when an item is chosen: focus its button so the dialog returns focus there. */
function returnFocusToMenu(event: MouseEvent<HTMLButtonElement>): void {
  event.currentTarget.closest(".menu")?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
}
