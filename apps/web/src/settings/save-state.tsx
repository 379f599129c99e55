/** The saving / saved / error state of one settings control, and the line that shows it. */
import { useCallback, useRef, useState } from "react";

export type SavePhase = "idle" | "saving" | "saved" | "error";

export interface SaveState {
  phase: SavePhase;
  error: string | null;
  /** Runs `action`; answers its result, or undefined when it failed (the error is shown). */
  run<T>(action: () => Promise<T>): Promise<T | undefined>;
  /** Runs the last action again. */
  retry(): void;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useSaveState(): SaveState {
  const [phase, setPhase] = useState<SavePhase>("idle");
  const [error, setError] = useState<string | null>(null);
  const last = useRef<(() => Promise<unknown>) | null>(null);
  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    last.current = action;
    setPhase("saving");
    setError(null);
    try {
      const result = await action();
      setPhase("saved");
      return result;
    } catch (e) {
      setError(errorText(e));
      setPhase("error");
      return undefined;
    }
  }, []);
  const retry = useCallback(() => {
    const action = last.current;
    if (action) void run(action);
  }, [run]);
  return { phase, error, run, retry };
}

/** "Saving…", "Saved", or what went wrong with a retry; announced politely. */
export function SaveStatus({ state, what = "Saved" }: { state: SaveState; what?: string }) {
  return (
    <p className="settings-status" role="status" aria-live="polite" data-phase={state.phase}>
      {state.phase === "saving" && "Saving…"}
      {state.phase === "saved" && what}
      {state.phase === "error" && (
        <>
          <span className="settings-status__error">Couldn't save: {state.error}</span>{" "}
          <button type="button" className="settings-link-button" onClick={state.retry}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}
