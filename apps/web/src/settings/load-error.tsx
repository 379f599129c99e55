interface LoadErrorProps {
  /** What could not be loaded: "your settings". */
  what: string;
  error: string;
  onRetry: () => void;
}

/** "Couldn't load …" with the reason and a way to try again; announced when it appears. */
export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  return (
    <p className="action-error" role="alert">
      Couldn't load {what}: {error}
      <button type="button" className="action-error__retry" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
