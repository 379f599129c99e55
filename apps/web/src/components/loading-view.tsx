import "../styles/loading-view.css";

interface LoadingViewProps {
  /** Fade in after a short delay (in-app navigation), so quick loads do not flash. */
  delayed?: boolean;
}

/** The spec's loading view: full-screen white, a blue spinning circle and "Loading ...". */
export function LoadingView({ delayed = false }: LoadingViewProps) {
  return (
    <div
      className={delayed ? "loading-view loading-view--delayed" : "loading-view"}
      role="status"
      data-testid="loading-view"
    >
      <div className="loading-view__spinner" aria-hidden="true" />
      <p className="loading-view__text">Loading ...</p>
    </div>
  );
}
