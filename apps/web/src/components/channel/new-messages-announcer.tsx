import type { ChannelStateSnapshot } from "@parley/client";
import { useEffect, useRef, useState } from "react";

/**
 * Announces new messages from others politely to screen readers ("Ana: hello"). The message log
 * itself does not announce, so rows the virtual list mounts while scrolling are never read out.
 */
export function NewMessagesAnnouncer({
  state,
  userId,
}: {
  state: ChannelStateSnapshot;
  userId: string | undefined;
}) {
  const [text, setText] = useState("");
  const last = state.messages.at(-1);
  const seen = useRef(last?.id);
  useEffect(() => {
    if (!last || last.id === seen.current) return;
    seen.current = last.id;
    if (last.user.id === userId || last.type !== "regular") return;
    setText(`${last.user.name}: ${last.text || "sent a file"}`);
  }, [last, userId]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {text}
    </div>
  );
}
