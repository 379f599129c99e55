import type { IncomingHttpHeaders } from "node:http";

/**
 * Browsers always send Origin on a WebSocket upgrade; it must be this server's own origin or
 * one of ALLOWED_ORIGINS. Clients that send none (SDKs, servers) are not browsers and pass.
 */
export function originAllowed(headers: IncomingHttpHeaders, allowed: readonly string[]): boolean {
  const origin = headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  const host = headers.host;
  return origin === `http://${host}` || origin === `https://${host}`;
}
