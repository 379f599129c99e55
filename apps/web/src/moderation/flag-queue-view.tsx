import type { ChatClient } from "@parley/client";
import { useState } from "react";
import { FlagRow } from "./flag-row";
import { useFlagQueue } from "./use-flag-queue";

/** The flag queue: unreviewed first, then what was reviewed (with more pages on demand). */
export function FlagQueueView({ client }: { client: ChatClient }) {
  const { store, snapshot } = useFlagQueue(client);
  const [loadingMore, setLoadingMore] = useState(false);
  const pending = snapshot.groups.filter((g) => !g.reviewed);
  const reviewed = snapshot.groups.filter((g) => g.reviewed);
  if (snapshot.loading && snapshot.groups.length === 0) {
    return <p className="moderation-page__state">Loading flags…</p>;
  }
  if (snapshot.error) {
    return (
      <p className="moderation-page__state moderation-page__state--error" role="alert">
        Could not load the flags.{" "}
        <button type="button" className="moderation-page__link" onClick={() => void store.load()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <>
      <section aria-labelledby="flags-pending-title" className="moderation-page__section">
        <h2 id="flags-pending-title" className="moderation-page__heading">
          To review <span className="moderation-page__count">{pending.length}</span>
        </h2>
        {pending.length === 0 ? (
          <p className="moderation-page__state">
            Nothing to review. Flagged messages show up here as they come.
          </p>
        ) : (
          <ul className="flag-list" aria-label="Flagged messages to review">
            {pending.map((g) => (
              <FlagRow key={g.message_id} client={client} group={g} store={store} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="flags-reviewed-title" className="moderation-page__section">
        <h2 id="flags-reviewed-title" className="moderation-page__heading">
          Reviewed
        </h2>
        {reviewed.length === 0 ? (
          <p className="moderation-page__state">No reviews yet.</p>
        ) : (
          <ul className="flag-list" aria-label="Reviewed flags">
            {reviewed.map((g) => (
              <FlagRow key={g.message_id} client={client} group={g} store={store} />
            ))}
          </ul>
        )}
        {snapshot.hasMoreReviewed && (
          <button
            type="button"
            className="button"
            disabled={loadingMore}
            onClick={() => {
              setLoadingMore(true);
              store.loadMoreReviewed().finally(() => setLoadingMore(false));
            }}
          >
            {loadingMore ? "Loading…" : "Load more"}
          </button>
        )}
      </section>
    </>
  );
}
