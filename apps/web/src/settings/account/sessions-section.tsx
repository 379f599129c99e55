import type { SessionInfo } from "@parley/protocol";
import { useState } from "react";
import { fullDate } from "../../chat/relative-time";
import { deviceName } from "../device-name";
import { LoadError } from "../load-error";
import { useSessions } from "./use-sessions";

/** Where the user is signed in: each session with its device, IP and last use; revoke one or all others. */
export function SessionsSection() {
  const model = useSessions();
  const [notice, setNotice] = useState<string | null>(null);
  const others = model.sessions?.filter((s) => !s.current) ?? [];
  const revokeOthers = async () => {
    const n = await model.revokeOthers();
    if (n !== undefined)
      setNotice(n === 1 ? "Signed out 1 other session." : `Signed out ${n} other sessions.`);
  };
  return (
    <section className="settings-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions" className="settings-section__title">
        Where you're signed in
      </h2>
      {model.loadError && <LoadError what="your sessions" error={model.loadError} onRetry={model.reload} />}
      {!model.sessions && !model.loadError && <p className="settings-section__hint">Loading sessions…</p>}
      {model.sessions && (
        <ul className="settings-devices" data-testid="sessions">
          {model.sessions.map((s) => (
            <SessionRow key={s.id} session={s} busy={model.action.busy} onRevoke={() => model.revoke(s.id)} />
          ))}
        </ul>
      )}
      {model.action.error && (
        <p className="action-error" role="alert">
          Couldn't sign that session out: {model.action.error}
        </p>
      )}
      <p role="status" className="settings-section__hint">
        {notice}
      </p>
      {others.length > 0 && (
        <button type="button" className="button" disabled={model.action.busy} onClick={revokeOthers}>
          Sign out all other sessions
        </button>
      )}
    </section>
  );
}

function SessionRow(props: { session: SessionInfo; busy: boolean; onRevoke: () => void }) {
  const { session } = props;
  const name = deviceName(session.user_agent);
  const seen = session.last_seen_at ?? session.created_at;
  return (
    <li className="settings-device" data-testid="session">
      <span className="settings-device__text">
        <span className="settings-device__name">
          {name}
          {session.current && <span className="settings-device__badge"> · This session</span>}
        </span>
        <span className="settings-section__hint">
          {session.ip || "Unknown address"} · last active <time dateTime={seen}>{fullDate(seen)}</time> ·
          signed in <time dateTime={session.created_at}>{fullDate(session.created_at)}</time>
        </span>
      </span>
      {!session.current && (
        <button
          type="button"
          className="button"
          disabled={props.busy}
          aria-label={`Sign out ${name}, last active ${fullDate(seen)}`}
          onClick={props.onRevoke}
        >
          Sign out
        </button>
      )}
    </li>
  );
}
