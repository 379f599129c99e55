/**
 * Short-lived notices: confirmations ("Message flagged") and actions that failed after the UI
 * had answered at once (react, pin, delete, mute…) — what went wrong and, where it makes sense,
 * a retry. A tiny store the `<Notices>` region renders; nothing else keeps this state.
 */
import { useSyncExternalStore } from "react";

export interface Notice {
  id: number;
  message: string;
  tone: "info" | "error";
  retry?: () => void;
}

const SHOW_MS = 8_000;
const MAX_SHOWN = 3;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function dismissNotice(id: number): void {
  set(notices.filter((n) => n.id !== id));
}

export function showNotice(
  message: string,
  options: { tone?: Notice["tone"]; retry?: () => void } = {},
): void {
  const notice: Notice = {
    id: nextId++,
    message,
    tone: options.tone ?? "info",
    ...(options.retry ? { retry: options.retry } : {}),
  };
  set([...notices, notice].slice(-MAX_SHOWN));
  setTimeout(() => dismissNotice(notice.id), SHOW_MS);
}

/**
 * Runs an action the UI already answered; when it fails, says so ("Couldn't pin the message:
 * …") with a retry that runs it again.
 */
export function attempt(what: string, run: () => Promise<unknown>): void {
  run().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    showNotice(`Couldn't ${what}: ${reason}`, { tone: "error", retry: () => attempt(what, run) });
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, () => notices);
}
