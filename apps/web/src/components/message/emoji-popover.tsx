import { lazy, type RefObject, Suspense } from "react";
import { Popover } from "../ui/popover";

const FullEmojiPicker = lazy(() => import("./emoji-picker"));

interface EmojiPopoverProps {
  anchor: RefObject<HTMLElement | null>;
  onPick: (emoji: string) => void;
  onClose: () => void;
}

/** The emoji picker in a popover: Esc or a click outside closes it and focus goes back. */
export function EmojiPopover({ anchor, onPick, onClose }: EmojiPopoverProps) {
  return (
    <Popover anchor={anchor} onClose={onClose} className="emoji-popover" role="dialog" label="Pick an emoji">
      <Suspense fallback={<div className="emoji-popover__loading">Loading emoji…</div>}>
        <FullEmojiPicker
          onPick={(emoji) => {
            onPick(emoji);
            onClose();
            anchor.current?.focus();
          }}
        />
      </Suspense>
    </Popover>
  );
}
