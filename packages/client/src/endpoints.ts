import { WS_PATH } from "@parley/protocol";

/** Whether a JWT is a server-side token (`{ "server": true }`); it then acts for `user_id`. */
export function isServerToken(token: string): boolean {
  const payload = token.split(".")[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
    return (JSON.parse(json) as { server?: unknown }).server === true;
  } catch {
    return false;
  }
}

/** `${wsURL ?? baseURL with http(s) → ws(s)}/chat/connect`. */
export function websocketURL(baseURL: string, wsURL?: string): string {
  const origin = (wsURL ?? baseURL.replace(/^http(s?):\/\//i, "ws$1://")).replace(/\/+$/, "");
  return `${origin}${WS_PATH}`;
}
