import type { ChannelStateSnapshot } from "@parley/client";
import { useClientState } from "../../chat/client-context";
import { typingText } from "../../chat/typing-text";

/**
 * "Ana is typing…", "Ana and Bo are typing…", "Several people are typing…" (the SDK's 7 s rule),
 * in the channel or, with `parentId`, in that thread.
 */
export function TypingIndicator({ state, parentId }: { state: ChannelStateSnapshot; parentId?: string }) {
  const { userID } = useClientState();
  const names = Object.values(state.typing)
    .filter((t) => t.user.id !== userID && t.parent_id === (parentId ?? null))
    .sort((a, b) => a.started_at.localeCompare(b.started_at))
    .map((t) => t.user.name);
  const text = typingText(names);
  return (
    <div className="typing" aria-live="polite" data-testid="typing-indicator">
      {text && (
        <>
          <span className="typing__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {text}
        </>
      )}
    </div>
  );
}
