import { ChatApiError } from "@parley/client";
import { useCallback, useEffect, useRef, useState } from "react";

export interface ActionError {
  message: string;
  /** Runs the failed action again. */
  retry: () => void;
}

export interface AsyncAction {
  /** Runs `fn`; while it runs `busy` is its key; a failure becomes `error` (with a retry). */
  run: (key: string, fn: () => Promise<unknown>, failure: string) => Promise<boolean>;
  busy: string | null;
  error: ActionError | null;
  clearError: () => void;
}

/** The server's explanation when it gave one (4xx), otherwise the generic failure text. */
export function errorText(error: unknown, failure: string): string {
  if (error instanceof ChatApiError && error.status < 500 && error.message) {
    return `${failure}: ${error.message}`;
  }
  return `${failure}. Check your connection and try again.`;
}

/** One action at a time with its busy key and its error (and retry), for buttons that call the SDK. */
export function useAsyncAction(): AsyncAction {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (key: string, fn: () => Promise<unknown>, failure: string) => {
    setBusy(key);
    setError(null);
    try {
      await fn();
      return true;
    } catch (caught) {
      if (mounted.current) {
        setError({ message: errorText(caught, failure), retry: () => void run(key, fn, failure) });
      }
      return false;
    } finally {
      if (mounted.current) setBusy((current) => (current === key ? null : current));
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { run, busy, error, clearError };
}
