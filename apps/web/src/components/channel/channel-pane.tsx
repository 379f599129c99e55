import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { channelDisplay } from "../../chat/channel-display";
import { type ChannelRef, channelPath } from "../../chat/channel-route";
import { ChannelUiProvider, useChannelUi } from "../../chat/channel-ui";
import { useChatClient, useClientState } from "../../chat/client-context";
import { useOpenChannel } from "../../chat/use-open-channel";
import { useChannelState } from "../../chat/use-snapshot";
import { useSearchParam } from "../../lib/search-param";
import { PageTitle } from "../page-title";
import { ChannelHeader } from "./channel-header";
import { ChannelSkeleton, ChannelStatus } from "./channel-status";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { ThreadPane } from "./thread-pane";
import { TypingIndicator } from "./typing-indicator";

/** /c/:channelID: the channel from the SDK's cache at once, or loaded; clear pages when it cannot open. */
export function ChannelPane({ channelRef }: { channelRef: ChannelRef }) {
  const client = useChatClient();
  const { channel, status, retry } = useOpenChannel(client, channelRef);
  const state = useChannelState(channel);
  useCanonicalUrl(channel.cid, status === "ready");
  if (status === "loading") return <ChannelSkeleton />;
  if (status !== "ready") return <ChannelStatus status={status} channelId={channelRef.id} onRetry={retry} />;
  return (
    <ChannelUiProvider channel={channel}>
      <ChannelView channel={channel} state={state} />
    </ChannelUiProvider>
  );
}

/** `/c/{id}` becomes the canonical `/c/{type}:{id}` once the channel is open. */
function useCanonicalUrl(cid: string, ready: boolean): void {
  const { channelID } = useParams();
  const thread = useSearchParam("thread");
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && channelID !== cid) navigate(channelPath(cid, thread ?? undefined), { replace: true });
  }, [ready, channelID, cid, thread, navigate]);
}

function ChannelView({ channel, state }: { channel: Channel; state: ChannelStateSnapshot }) {
  const ui = useChannelUi();
  const { userID } = useClientState();
  const view = useRef<HTMLElement>(null);
  const display = channelDisplay(state, userID, channel.cid);
  return (
    <div className="channel-layout" data-thread={ui.threadId ? "open" : "closed"}>
      <section className="channel-view" ref={view} aria-label={display.name}>
        <PageTitle base={`${display.name} · Parley`} />
        <ChannelHeader channel={channel} state={state} />
        <MessageList channel={channel} state={state} />
        <TypingIndicator state={state} />
        {state.membership ? (
          <Composer
            channel={channel}
            state={state}
            messages={state.messages}
            placeholder={`Message ${display.direct ? display.name : `#${display.name}`}`}
            dropZone={view}
          />
        ) : (
          <JoinBar channel={channel} name={display.name} />
        )}
      </section>
      {ui.threadId && <ThreadPane key={ui.threadId} channel={channel} state={state} parentId={ui.threadId} />}
    </div>
  );
}

/** A team channel the user reads without being a member yet. */
function JoinBar({ channel, name }: { channel: Channel; name: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="join-bar">
      <p>
        You are reading <strong>{name}</strong>. Join to write here.
      </p>
      {error && <p role="alert">{error}</p>}
      <button
        type="button"
        className="button button--primary"
        onClick={() =>
          channel.join().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
        }
      >
        Join channel
      </button>
    </div>
  );
}
