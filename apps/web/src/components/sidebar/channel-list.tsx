import { useChannelListStatus } from "../../chat/channel-list-query";
import { useChatClient, useClientState } from "../../chat/client-context";
import { useNow } from "../../chat/use-now";
import { ChannelRow } from "./channel-row";

const SKELETON_ROWS = 6;

/** The user's chats, newest activity first, live; skeletons while loading, an error with retry. */
export function ChannelList({
  onNewChannel,
  onNewMessage,
}: {
  onNewChannel: () => void;
  onNewMessage: () => void;
}) {
  const client = useChatClient();
  const { channelList } = useClientState();
  const { status, retry } = useChannelListStatus(client);
  const now = useNow();

  if (channelList.length === 0 && (status.state === "loading" || status.state === "idle")) {
    return (
      <ul className="channel-list" aria-label="Loading chats" aria-busy="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className="channel-row channel-row--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--avatar" />
            <span className="channel-row__main">
              <span className="skeleton skeleton--line" style={{ width: `${50 + ((i * 17) % 40)}%` }} />
              <span className="skeleton skeleton--line skeleton--short" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (channelList.length === 0 && status.state === "error") {
    return (
      <div className="list-message" role="alert">
        <p>Your chats could not be loaded. {status.error.message}</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (channelList.length === 0) {
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
        </div>
      </section>
    );
  }
  return (
    <nav aria-label="Chats" className="channel-list-nav">
      <ul className="channel-list" data-testid="channel-list">
        {channelList.map((channel) => (
          <ChannelRow key={channel.cid} channel={channel} now={now} />
        ))}
      </ul>
    </nav>
  );
}
