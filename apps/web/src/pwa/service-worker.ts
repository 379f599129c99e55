let settle: (registration: ServiceWorkerRegistration | null) => void = () => {};
const registration = new Promise<ServiceWorkerRegistration | null>((resolve) => {
  settle = resolve;
});

/**
 * The registration of /sw.js (scope /) once it has an active worker, ready for
 * `pushManager.subscribe(...)`; null where there is none: the browser has no service workers,
 * `vite dev` (which serves no worker), or registering failed. Settles once per page load, after
 * main.tsx called registerServiceWorker().
 */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  return registration;
}

/** For register-service-worker.ts only. */
export function settleServiceWorkerRegistration(value: ServiceWorkerRegistration | null): void {
  settle(value);
}
