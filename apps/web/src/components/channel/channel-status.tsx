import { Link } from "react-router";
import type { OpenStatus } from "../../chat/use-open-channel";
import { PageTitle } from "../page-title";

const TEXT: Record<Exclude<OpenStatus, "ready" | "loading">, { title: string; text: string }> = {
  "not-found": {
    title: "Channel not found",
    text: "There is no channel at this address. It may have been deleted, or the link may be mistyped.",
  },
  forbidden: {
    title: "You are not a member of this channel",
    text: "Only its members can read it. Ask someone in the channel to add you.",
  },
  error: {
    title: "This channel could not be loaded",
    text: "Something went wrong while opening it. Check your connection and try again.",
  },
};

/** A clear page instead of a crash: no such channel, not a member, or a load error with retry. */
export function ChannelStatus({
  status,
  channelId,
  onRetry,
}: {
  status: Exclude<OpenStatus, "ready" | "loading">;
  channelId: string;
  onRetry: () => void;
}) {
  const { text } = TEXT[status];
  const title = status === "not-found" ? `No channel “${channelId}”` : TEXT[status].title;
  return (
    <section className="pane-empty" aria-labelledby="channel-status-title" data-testid="channel-status">
      <PageTitle base={`${title} · Parley`} />
      <h1 id="channel-status-title" className="pane-empty__title">
        {title}
      </h1>
      <p className="pane-empty__text">{text}</p>
      <div className="pane-empty__actions">
        {status === "error" && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
        )}
        <Link className="button" to="/chats">
          Back to your chats
        </Link>
      </div>
    </section>
  );
}

/** Placeholder rows while a channel the client does not hold yet loads. */
export function ChannelSkeleton() {
  return (
    <section className="channel-skeleton" aria-busy="true" aria-label="Loading the channel">
      <div className="channel-header channel-header--skeleton">
        <span className="skeleton skeleton--avatar" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
      <div className="channel-skeleton__body">
        {[60, 80, 45, 70].map((w) => (
          <div key={w} className="channel-skeleton__row">
            <span className="skeleton skeleton--avatar" />
            <span className="skeleton skeleton--line" style={{ width: `${w}%` }} />
          </div>
        ))}
      </div>
    </section>
  );
}
