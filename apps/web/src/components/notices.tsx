import { dismissNotice, useNotices } from "../chat/notices";

/** Failed actions, at the bottom of the screen, each with a retry when it has one. */
export function Notices() {
  const notices = useNotices();
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className="notice" data-testid="notice">
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
