import { ChatClient, type ChatClientOptions, type WebSocketConstructor } from "@parley/client";
import type { AuthResponse } from "@parley/protocol";
import WebSocket from "ws";
import type { TestServer } from "../helpers/test-server.js";

export interface SdkUser {
  auth: AuthResponse;
  client: ChatClient;
}

/** A ChatClient for the test server (Node 20 has no global WebSocket: the ws package). */
export function sdkClient(server: TestServer, options: Partial<ChatClientOptions> = {}): ChatClient {
  return new ChatClient(server.apiKey, {
    baseURL: server.url,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    backoffBaseMs: 50,
    backoffCapMs: 500,
    ...options,
  });
}

/** Signs up a new user and connects a client for them. */
export async function connectedUser(
  server: TestServer,
  options: Partial<ChatClientOptions> = {},
): Promise<SdkUser> {
  const auth = await server.signup();
  const client = sdkClient(server, options);
  await client.connectUser({ id: auth.user.id }, auth.streamToken);
  return { auth, client };
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function waitFor(check: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let n = 0;
export const channelId = (prefix = "c") =>
  `${prefix}-${process.pid.toString(36)}-${(n++).toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
