import type { ChatClient } from "@parley/client";
import { Link } from "react-router";
import { messagePath } from "../chat/channel-route";
import { Avatar } from "../components/avatar";
import { ActionErrorNote } from "../polls/action-error-note";
import { useAsyncAction } from "../polls/use-action";
import { type FlaggedMessage, flaggerNames, flagReasons } from "./flag-queue";
import type { FlagQueueStore } from "./flag-queue-store";
import { isBannable } from "./roles";

interface Props {
  client: ChatClient;
  group: FlaggedMessage;
  store: FlagQueueStore;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "");

/** A channel's name when the client holds it, else its id. */
function channelLabel(client: ChatClient, cid: string): string {
  return client.activeChannels.get(cid)?.data?.name || cid.slice(cid.indexOf(":") + 1);
}

/** One flagged message: what was said, where, by whom, who flagged it and why; Keep / Remove / Ban. */
export function FlagRow({ client, group, store }: Props) {
  const action = useAsyncAction();
  const { message } = group;
  const author = message?.user;
  const review = (key: string, options: Parameters<FlagQueueStore["review"]>[1], failure: string) =>
    void action.run(key, () => store.review(group.message_id, options), failure);
  const reasons = flagReasons(group);
  const deleted = !message || message.type === "deleted";
  return (
    <li className="flag-row" data-testid="flag-row" aria-busy={action.busy !== null || undefined}>
      <div className="flag-row__message">
        {author && <Avatar name={author.name} image={author.image} colourKey={author.id} size="sm" />}
        <div className="flag-row__body">
          <p className="flag-row__meta">
            <span className="flag-row__author">{author?.name ?? "Unknown author"}</span>
            {" in "}
            <Link to={messagePath({ cid: group.cid, id: group.message_id })}>
              {channelLabel(client, group.cid)}
            </Link>
            {message && (
              <>
                {" · "}
                <time dateTime={message.created_at}>{when(message.created_at)}</time>
              </>
            )}
          </p>
          {deleted ? (
            <p className="flag-row__text flag-row__text--deleted">
              {message?.text ? <del>{message.text}</del> : "This message was deleted."}
              {message?.text && <span className="visually-hidden"> (deleted)</span>}
            </p>
          ) : (
            <p className="flag-row__text">
              {message.text || (message.poll ? `Poll: ${message.poll.name}` : "(no text)")}
            </p>
          )}
        </div>
      </div>
      <p className="flag-row__flags">
        <span className="flag-row__label">Flagged by</span> {flaggerNames(group).join(", ")}
        {reasons.length > 0 && (
          <>
            <span className="flag-row__label"> · Reasons</span> {reasons.join("; ")}
          </>
        )}
      </p>
      {group.reviewed ? (
        <p className="flag-row__review" data-testid="flag-review">
          {group.review_result === "remove" ? "Removed" : "Kept"} by{" "}
          {group.reviewed_by === client.userID ? `you (${group.reviewed_by})` : group.reviewed_by} ·{" "}
          {when(group.reviewed_at)}
        </p>
      ) : (
        <div className="flag-row__actions">
          <button
            type="button"
            className="button"
            disabled={action.busy !== null}
            onClick={() => review("keep", { result: "keep" }, "Could not keep the message")}
          >
            Keep
          </button>
          <button
            type="button"
            className="button moderation-danger-outline"
            disabled={action.busy !== null || deleted}
            onClick={() => review("remove", { result: "remove" }, "Could not remove the message")}
          >
            Remove
          </button>
          {author && isBannable(author) && (
            <button
              type="button"
              className="button moderation-danger-outline"
              disabled={action.busy !== null}
              title={`Remove the message and ban ${author.name}`}
              onClick={() =>
                review(
                  "ban",
                  { result: "remove", ban: { reason: reasons[0] ?? "flagged message" } },
                  "Could not ban the author",
                )
              }
            >
              Ban {author.name}
            </button>
          )}
        </div>
      )}
      <ActionErrorNote error={action.error} />
    </li>
  );
}
