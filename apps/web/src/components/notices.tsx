import { dismissNotice, useNotices } from "../chat/notices";

/** Confirmations and failed actions, at the bottom of the screen; a failure has a retry when it can. */
export function Notices() {
  const notices = useNotices();
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice--${n.tone}`} data-testid="notice">
          <p className="notice__text">{n.message}</p>
          {n.retry && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                dismissNotice(n.id);
                n.retry?.();
              }}
            >
              Retry
            </button>
          )}
          <button
            type="button"
            className="icon-button notice__close"
            aria-label="Dismiss"
            onClick={() => dismissNotice(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
