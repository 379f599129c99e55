/// <reference lib="webworker" />

/** Every window of this origin, the most recently focused first (controlled or not). */
export function appWindows(clients: Clients): Promise<readonly WindowClient[]> {
  return clients.matchAll({ type: "window", includeUncontrolled: true });
}

/** Posts `message` to every window of this origin. */
export async function tellWindows(clients: Clients, message: object): Promise<void> {
  for (const client of await appWindows(clients)) client.postMessage(message);
}
