import type { LocalMessage } from "@parley/client";
import { useRef, useState } from "react";
import { MessageMenuExtras } from "../../chat/extensions";
import { attempt } from "../../chat/notices";
import type { MessageActions } from "../../chat/use-message-actions";
import { ConfirmDialog } from "../ui/dialog";
import { Icon } from "../ui/icons";
import { Menu } from "../ui/menu";
import { EmojiPopover } from "./emoji-popover";

export const QUICK_REACTIONS = ["👍", "❤️", "😂", "🎉", "😮", "😢"] as const;

interface MessageActionBarProps {
  message: LocalMessage;
  actions: MessageActions;
  /** Keeps the bar shown while one of its popups is open. */
  onActiveChange: (active: boolean) => void;
}

/** The bar shown on hover, focus or long press: quick reactions, emoji picker, reply, more. */
export function MessageActionBar({ message, actions, onActiveChange }: MessageActionBarProps) {
  const [picker, setPicker] = useState(false);
  const pickerButton = useRef<HTMLButtonElement>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const setPickerOpen = (open: boolean) => {
    setPicker(open);
    onActiveChange(open);
  };
  const items = [
    actions.canReply && { label: "Reply in thread", onSelect: actions.reply },
    actions.canEdit && { label: "Edit", onSelect: actions.edit },
    actions.canPin && {
      label: message.pinned_at ? "Unpin" : "Pin",
      onSelect: () => attempt(message.pinned_at ? "unpin the message" : "pin the message", actions.togglePin),
    },
    {
      label: "Copy text",
      onSelect: () => attempt("copy the text", async () => navigator.clipboard.writeText(message.text)),
    },
    actions.canDelete && { label: "Delete", onSelect: () => setConfirmDelete(true), danger: true },
  ];
  return (
    <div className="message-actions" role="toolbar" aria-label="Message actions">
      {actions.canReact &&
        QUICK_REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            className="icon-button icon-button--emoji"
            aria-label={`React with ${emoji}`}
            onClick={() => actions.toggleReaction(emoji)}
          >
            {emoji}
          </button>
        ))}
      {actions.canReact && (
        <span className="message-actions__picker">
          <button
            ref={pickerButton}
            type="button"
            className="icon-button"
            aria-label="Add reaction"
            aria-expanded={picker}
            onClick={() => setPickerOpen(!picker)}
          >
            <Icon name="smile" />
          </button>
          {picker && (
            <EmojiPopover
              anchor={pickerButton}
              onPick={actions.toggleReaction}
              onClose={() => setPickerOpen(false)}
            />
          )}
        </span>
      )}
      {actions.canReply && (
        <button type="button" className="icon-button" aria-label="Reply in thread" onClick={actions.reply}>
          <Icon name="reply" />
        </button>
      )}
      <Menu
        label="More actions"
        trigger={<Icon name="more" />}
        items={items}
        extra={<MessageMenuExtras message={message} />}
        onOpenChange={onActiveChange}
      />
      {confirmDelete && (
        <ConfirmDialog
          title="Delete message?"
          message="It will show as “message deleted” for everyone. This cannot be undone."
          confirmLabel="Delete"
          danger
          onConfirm={() => attempt("delete the message", actions.remove)}
          onClose={() => setConfirmDelete(false)}
        />
      )}
    </div>
  );
}
