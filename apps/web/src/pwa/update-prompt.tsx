import { applyUpdate, useUpdateState } from "./update-state";

/** "A new version of Parley is available · Reload to update": reloads only when clicked. */
export function UpdatePrompt() {
  const state = useUpdateState();
  return (
    <div className="update-prompt-region" role="status">
      {state !== "none" && (
        <div className="update-prompt" data-testid="update-prompt">
          <span>A new version of Parley is available</span>
          <span className="update-prompt__separator" aria-hidden="true">
            ·
          </span>
          <button type="button" className="update-prompt__button" onClick={applyUpdate}>
            Reload to update
          </button>
        </div>
      )}
    </div>
  );
}
