import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from "react";
import { errorText } from "../settings/save-state";

export interface Loaded<T> {
  value: T | null;
  loadError: string | null;
  reload: () => void;
  set: Dispatch<SetStateAction<T | null>>;
}

/** What `load` answers, null while it loads; `reload` asks again (after a failure). */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [value, set] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setLoadError(null);
    load().then(set, (e: unknown) => setLoadError(errorText(e)));
  }, [load]);
  useEffect(reload, [reload]);
  return { value, loadError, reload, set };
}
