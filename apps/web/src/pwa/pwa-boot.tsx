import { createRoot } from "react-dom/client";
import { PwaStatus } from "./pwa-status";
import { followServiceWorkerNavigation, registerServiceWorker } from "./register-service-worker";

/**
 * The installable app's part of every page, loaded after the first render so that none of it
 * weighs on the first load: the worker's registration, its "open this place" messages, and the
 * offline banner and update prompt (a root of their own beside the router's).
 */
export function bootPwa(navigate: (path: string) => void): void {
  followServiceWorkerNavigation(navigate);
  registerServiceWorker();
  const host = document.createElement("div");
  host.className = "pwa-status-root";
  document.body.append(host);
  createRoot(host).render(<PwaStatus />);
}
