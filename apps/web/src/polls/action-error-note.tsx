import type { ActionError } from "./use-action";

/** A failed action's message with a Retry button; announced when it appears. */
export function ActionErrorNote({ error }: { error: ActionError | null }) {
  if (!error) return null;
  return (
    <p className="action-error" role="alert">
      <span>{error.message}</span>
      <button type="button" className="action-error__retry" onClick={error.retry}>
        Retry
      </button>
    </p>
  );
}
