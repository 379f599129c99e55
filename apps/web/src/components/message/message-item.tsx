import { type LocalMessage, mentionNames } from "@parley/client";
import { useMemo, useRef, useState } from "react";
import { useChannelUi } from "../../chat/channel-ui";
import { useClientState } from "../../chat/client-context";
import { MessagePoll } from "../../chat/extensions";
import { onMessageKeyDown } from "../../chat/message-keys";
import { clockTime, fullDate } from "../../chat/relative-time";
import { useMessageActions } from "../../chat/use-message-actions";
import { useChannelState } from "../../chat/use-snapshot";
import { Avatar } from "../avatar";
import { UserStatusMark } from "../user-status";
import { Attachments } from "./attachments";
import { EditBox } from "./edit-box";
import { EditHistoryDialog } from "./edit-history-dialog";
import { MessageActionBar } from "./message-actions";
import { MessageText } from "./message-text";
import { ReactionChips } from "./reaction-chips";
import { SeenBy } from "./seen-by";
import { ThreadSummary } from "./thread-summary";

const LONG_PRESS_MS = 450;

interface MessageItemProps {
  message: LocalMessage;
  groupStart: boolean;
  /** Rendered in the thread pane (no thread summary, no reply button). */
  inThread?: boolean;
  /** In the page's tab order (the newest message of its list); the others are reached by arrows. */
  tabbable?: boolean;
}

/** One message: avatar and name on a group's first message, text, files, poll, reactions, thread. */
export function MessageItem({ message, groupStart, inThread = false, tabbable = false }: MessageItemProps) {
  const ui = useChannelUi();
  const state = useChannelState(ui.channel);
  const { userID } = useClientState();
  const actions = useMessageActions(message, inThread);
  const [active, setActive] = useState(false);
  const [history, setHistory] = useState(false);
  const press = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editing = ui.editingId === message.id;
  const deleted = message.type === "deleted";
  const mine = message.user.id === userID;
  const mentionsMe = userID !== undefined && message.mentioned_users.includes(userID) && !mine;
  const names = useMemo(() => mentionNames(state, message.mentioned_users), [message.mentioned_users, state]);

  const classes = [
    "message",
    groupStart ? "message--start" : "",
    mentionsMe ? "message--mention" : "",
    message.status !== "received" ? `message--${message.status}` : "",
    active ? "message--active" : "",
    message.pinned_at ? "message--pinned" : "",
    ui.highlightId === message.id ? "message--highlighted" : "",
  ];
  return (
    <article
      className={classes.filter(Boolean).join(" ")}
      data-testid="message"
      data-message-id={message.id}
      aria-label={`${message.user.name}, ${fullDate(message.created_at)}`}
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={onMessageKeyDown}
      onTouchStart={() => {
        press.current = setTimeout(() => setActive(true), LONG_PRESS_MS);
      }}
      onTouchEnd={() => clearTimeout(press.current)}
      onTouchMove={() => clearTimeout(press.current)}
    >
      <div className="message__gutter">
        {groupStart ? (
          <Avatar name={message.user.name} image={message.user.image} colourKey={message.user.id} />
        ) : (
          <time
            className="message__hover-time"
            dateTime={message.created_at}
            title={fullDate(message.created_at)}
          >
            {clockTime(message.created_at)}
          </time>
        )}
      </div>
      <div className="message__content">
        {groupStart && (
          <div className="message__header">
            <span className="message__author">
              {message.user.name}
              {message.user.deactivated && <span className="muted"> (deactivated)</span>}
              <UserStatusMark user={state.members[message.user.id]?.user ?? message.user} />
            </span>
            <time
              className="message__time"
              dateTime={message.created_at}
              title={fullDate(message.created_at)}
            >
              {clockTime(message.created_at)}
            </time>
            {message.pinned_at && <span className="message__pinned">Pinned</span>}
          </div>
        )}
        {deleted ? (
          <p className="message__deleted">message deleted</p>
        ) : editing ? (
          <EditBox
            initial={message.text}
            onCancel={ui.stopEditing}
            onSave={async (text) => {
              await ui.channel.updateMessage(message.id, text);
              ui.stopEditing();
            }}
          />
        ) : (
          message.text && (
            <div className="message__text">
              <MessageText
                text={message.text}
                mentions={message.mentioned_users}
                userId={userID}
                names={names}
              />
              {message.edited_at && (
                <button type="button" className="message__edited" onClick={() => setHistory(true)}>
                  (edited)
                </button>
              )}
            </div>
          )
        )}
        {!deleted && <Attachments files={message.attachments} />}
        {!deleted && <MessagePoll message={message} />}
        {!deleted && (
          <ReactionChips
            message={message}
            userId={userID}
            onToggle={actions.toggleReaction}
            disabled={!actions.canReact}
            nameOf={(id) => state.members[id]?.user.name}
          />
        )}
        {!inThread && !deleted && (
          <ThreadSummary
            message={message}
            members={state.members}
            unread={state.threadUnread[message.id] ?? 0}
            onOpen={actions.reply}
          />
        )}
        {message.status === "sending" && <p className="message__status">Sending…</p>}
        {message.status === "failed" && (
          <p className="message__status message__status--failed" role="alert">
            Not sent{message.error ? `: ${message.error.message}` : ""}.{" "}
            <button type="button" className="link-button" onClick={actions.retry}>
              Retry
            </button>{" "}
            ·{" "}
            <button type="button" className="link-button" onClick={actions.discard}>
              Discard
            </button>
          </p>
        )}
      </div>
      {!deleted && !editing && message.status === "received" && (
        <MessageActionBar message={message} actions={actions} onActiveChange={setActive} />
      )}
      {!inThread && <SeenBy message={message} />}
      {history && (
        <EditHistoryDialog
          messageId={message.id}
          mentions={message.mentioned_users}
          names={names}
          onClose={() => setHistory(false)}
        />
      )}
    </article>
  );
}
