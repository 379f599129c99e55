/// <reference lib="webworker" />
import { matchPrecache } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";

/** What the server answers itself, never the app: the APIs, the chat service, its ops endpoints. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/chat(\/|$)/, /^\/healthz$/, /^\/readyz$/, /^\/metrics$/];

/**
 * Page loads go to the network, so a deploy is seen at once; when the network fails, the cached
 * app shell (index.html) answers and the app shows that it is offline.
 */
export function routeNavigations(): void {
  const shell = new NetworkOnly({
    plugins: [{ handlerDidError: async () => (await matchPrecache("/index.html")) ?? Response.error() }],
  });
  registerRoute(new NavigationRoute(shell, { denylist: SERVER_PATHS }));
}
