import type { ChatClient } from "@parley/client";
import type { BanResponse } from "@parley/protocol";
import { Avatar } from "../components/avatar";
import { ActionErrorNote } from "../polls/action-error-note";
import { useAsyncAction } from "../polls/use-action";
import type { BansStore } from "./bans-store";
import { useBans } from "./use-flag-queue";

/** Bans in force, with Unban. */
export function BansView({ client }: { client: ChatClient }) {
  const { store, snapshot } = useBans(client);
  return (
    <section aria-labelledby="bans-title" className="moderation-page__section">
      <h2 id="bans-title" className="moderation-page__heading">
        Bans <span className="moderation-page__count">{snapshot.bans.length}</span>
      </h2>
      {snapshot.loading && snapshot.bans.length === 0 ? (
        <p className="moderation-page__state">Loading bans…</p>
      ) : snapshot.error ? (
        <p className="moderation-page__state moderation-page__state--error" role="alert">
          Could not load the bans.{" "}
          <button type="button" className="moderation-page__link" onClick={() => void store.load()}>
            Try again
          </button>
        </p>
      ) : snapshot.bans.length === 0 ? (
        <p className="moderation-page__state">Nobody is banned.</p>
      ) : (
        <ul className="ban-list" aria-label="Banned users">
          {snapshot.bans.map((ban) => (
            <BanRow key={`${ban.user_id}|${ban.cid ?? "*"}`} ban={ban} store={store} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BanRow({ ban, store }: { ban: BanResponse; store: BansStore }) {
  const action = useAsyncAction();
  const name = ban.user?.name ?? ban.user_id;
  return (
    <li className="ban-row" data-testid="ban-row">
      <Avatar name={name} image={ban.user?.image ?? ""} colourKey={ban.user_id} size="sm" />
      <div className="ban-row__body">
        <p className="ban-row__name">
          {name} <span className="ban-row__id">@{ban.user_id}</span>
        </p>
        <p className="ban-row__meta">
          {ban.cid ? `In ${ban.cid}` : "Everywhere"} · by {ban.banned_by_id} ·{" "}
          {ban.expires_at ? `until ${new Date(ban.expires_at).toLocaleString()}` : "until lifted"}
          {ban.reason && ` · “${ban.reason}”`}
        </p>
        <ActionErrorNote error={action.error} />
      </div>
      <button
        type="button"
        className="button"
        disabled={action.busy !== null}
        onClick={() => void action.run("unban", () => store.unban(ban), `Could not unban ${name}`)}
      >
        Unban
      </button>
    </li>
  );
}
