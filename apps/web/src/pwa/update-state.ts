import { useSyncExternalStore } from "react";
import { SKIP_WAITING, type SkipWaitingMessage } from "./messages";

/**
 * A new version of the app: "waiting" when its worker is installed and waits for the user's
 * go-ahead; "active" when another tab already let it take over, so this page runs old code.
 */
export type UpdateState = "none" | "waiting" | "active";

const CHECK_EVERY_MS = 60 * 60 * 1000;

let state: UpdateState = "none";
let waiting: ServiceWorker | null = null;
let requested = false;
const listeners = new Set<() => void>();

function set(next: UpdateState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

function offer(worker: ServiceWorker | null): void {
  // Without a controller this is the first install: it takes over on the next load by itself.
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting = worker;
  set("waiting");
}

/** Watches `registration` for a new version: one found now, while the page runs, and hourly. */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    next?.addEventListener("statechange", () => {
      if (next.state === "installed") offer(next);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (requested) window.location.reload();
    else set("active");
  });
  setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
}

/** The user's click: the waiting worker takes over, and the page reloads once it has. */
export function applyUpdate(): void {
  if (state === "active" || !waiting) {
    window.location.reload();
    return;
  }
  requested = true;
  const message: SkipWaitingMessage = { type: SKIP_WAITING };
  waiting.postMessage(message);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => "none",
  );
}
