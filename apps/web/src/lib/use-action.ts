import { useCallback, useState } from "react";
import { apiFailure } from "../session/accounts";

export interface Action {
  busy: boolean;
  /** What the last run failed with, shown beside what it acted on. */
  error: string | null;
  /** Runs `call`, then `after` when it succeeded; answers its result, or undefined when it failed. */
  run: <T>(call: () => Promise<T>) => Promise<T | undefined>;
}

/** One button's worth of work at a time: busy while it runs, its failure kept to show. */
export function useAction(after: () => void): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      try {
        const result = await call();
        after();
        return result;
      } catch (e) {
        setError(apiFailure(e, (status) => `the server answered HTTP ${status}`).message);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [after],
  );
  return { busy, error, run };
}
