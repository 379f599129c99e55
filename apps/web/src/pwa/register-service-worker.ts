import { appPath } from "./app-path";
import { isMessage, NAVIGATE, type NavigateMessage } from "./messages";
import { settleServiceWorkerRegistration } from "./service-worker";
import { watchForUpdates } from "./update-state";

/**
 * Registers /sw.js (scope /) once the page has loaded, so it never competes with the app's own
 * first requests. Only in a build: `vite dev` serves no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) {
    settleServiceWorkerRegistration(null);
    return;
  }
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
      async (registration) => {
        watchForUpdates(registration);
        settleServiceWorkerRegistration(await navigator.serviceWorker.ready);
      },
      (error: unknown) => {
        console.warn("Parley: the service worker could not be registered.", error);
        settleServiceWorkerRegistration(null);
      },
    );
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/**
 * Takes the worker's "open this place" (a notification was clicked) into the app's router, so
 * the page navigates without a reload, and tells the worker it did.
 */
export function followServiceWorkerNavigation(navigate: (path: string) => void): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    if (!isMessage<NavigateMessage>(event.data, NAVIGATE)) return;
    event.ports[0]?.postMessage(true);
    navigate(appPath(event.data.url, window.location.origin));
  });
  navigator.serviceWorker.startMessages();
}
