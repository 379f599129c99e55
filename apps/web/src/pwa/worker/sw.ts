/// <reference lib="webworker" />
/*
 * The service worker, served as /sw.js with scope / (built by vite-plugin-pwa's injectManifest,
 * which puts the list of built files in self.__WB_MANIFEST). The webworker lib above joins the
 * DOM lib in the web app's program; the globals this file names come from it.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import {
  isMessage,
  PUSH_SUBSCRIPTION_CHANGE,
  type PushSubscriptionChangeMessage,
  SKIP_WAITING,
} from "../messages";
import { routeNavigations } from "./navigation";
import { openNotification } from "./notification-click";
import { showPush } from "./push";
import { tellWindows } from "./windows";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

// Navigations first: the router takes the first route that matches.
routeNavigations();
// The app shell: index.html and the hashed build output, answered from the cache. No directory
// index and no clean URLs: "/" and "/about" are pre-rendered pages the network answers.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

// A new version waits until the user asks for it (the page's "Reload to update").
self.addEventListener("message", (event) => {
  if (isMessage(event.data, SKIP_WAITING)) void self.skipWaiting();
});

// One push at a time: each reads the notification the one before it showed under its tag.
let pushes: Promise<void> = Promise.resolve();
self.addEventListener("push", (event) => {
  const text = event.data?.text();
  pushes = pushes.catch(() => undefined).then(() => showPush(self.registration, text));
  event.waitUntil(pushes);
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openNotification(self, event.notification.data));
});

self.addEventListener("pushsubscriptionchange", (event) => {
  const message: PushSubscriptionChangeMessage = { type: PUSH_SUBSCRIPTION_CHANGE };
  event.waitUntil(tellWindows(self.clients, message));
});
