import type { LocalMessage } from "@parley/client";
import { systemMessageText } from "@parley/protocol";
import { useChannelUi } from "../../chat/channel-ui";
import { onMessageKeyDown } from "../../chat/message-keys";
import { clockTime, fullDate } from "../../chat/relative-time";
import { useChannelState } from "../../chat/use-snapshot";
import "../../styles/system-message.css";

/**
 * A system message ("Ana renamed the channel…"): one centred muted line with its time, rendered
 * from the structured change with today's names; the stored English text when there is none.
 */
export function SystemMessage({ message, tabbable = false }: { message: LocalMessage; tabbable?: boolean }) {
  const ui = useChannelUi();
  const state = useChannelState(ui.channel);
  const actor = message.user.name;
  const text = message.system
    ? systemMessageText(message.system, actor, (id) => state.members[id]?.user.name)
    : message.text;
  const rest = text.startsWith(actor) ? text.slice(actor.length) : null;
  return (
    <article
      className="system-message"
      data-testid="system-message"
      data-message-id={message.id}
      aria-label={`${text}, ${fullDate(message.created_at)}`}
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={onMessageKeyDown}
    >
      <span className="system-message__text">
        {rest === null ? (
          text
        ) : (
          <>
            <span className="system-message__actor">{actor}</span>
            {rest}
          </>
        )}
      </span>
      <time
        className="system-message__time"
        dateTime={message.created_at}
        title={fullDate(message.created_at)}
      >
        {clockTime(message.created_at)}
      </time>
    </article>
  );
}
