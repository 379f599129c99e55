import { useChatClient } from "../../chat/client-context";
import { useJoinableChannels } from "../../chat/use-debounced-search";

interface EmptyProps {
  onNewChannel: () => void;
  onNewMessage: () => void;
  onBrowse: () => void;
}

/** No chats yet: message someone, create a channel, or (when there are team channels) join one. */
export function EmptyChannelList({ onNewChannel, onNewMessage, onBrowse }: EmptyProps) {
  const client = useChatClient();
  const { items: joinable } = useJoinableChannels(client, "");
  const browse = joinable.length > 0;
  return (
    <section className="list-message" aria-labelledby="no-chats-title">
      <h2 id="no-chats-title" className="list-message__title">
        No chats yet
      </h2>
      <p>Start a conversation: message someone directly, or create a channel and add people to it.</p>
      <div className="list-message__actions">
        <button type="button" className="button button--primary" onClick={onNewMessage}>
          New message
        </button>
        <button type="button" className="button" onClick={onNewChannel}>
          New channel
        </button>
        {/* Last, so the buttons before it stay put when it appears. */}
        {browse && (
          <button type="button" className="button" onClick={onBrowse}>
            Browse channels
          </button>
        )}
      </div>
    </section>
  );
}
