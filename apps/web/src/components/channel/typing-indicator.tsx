import type { ChannelStateSnapshot } from "@parley/client";
import { useClientState } from "../../chat/client-context";
import { typingText } from "../../chat/typing-text";

/** "Ana is typing…", "Ana and Bo are typing…", "Several people are typing…" (the SDK's 7 s rule). */
export function TypingIndicator({ state }: { state: ChannelStateSnapshot }) {
  const { userID } = useClientState();
  const names = Object.values(state.typing)
    .filter((t) => t.user.id !== userID)
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
