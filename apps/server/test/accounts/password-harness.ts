import type { AuthResponse } from "@parley/protocol";
import type { TestServer } from "../helpers/test-server.js";

export const PASSWORD = "correct horse";

/** One call of the product API; `ip` becomes X-Forwarded-For (the servers run with TRUST_PROXY). */
export async function api(
  s: Pick<TestServer, "url">,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${s.url}/api${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(opts.ip ? { "x-forwarded-for": opts.ip } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let ips = 0;
/** A client address no other test uses, so per-IP limits of one test leave the others alone. */
export const freshIp = () => `198.51.100.${++ips % 250}`;

export const signin = (s: Pick<TestServer, "url">, username: string, password = PASSWORD) =>
  api(s, "POST", "/auth", { body: { action: "signin", username, password }, ip: freshIp() });

/** Signs in again: another session of the same account. */
export async function anotherSession(s: Pick<TestServer, "url">, username: string): Promise<AuthResponse> {
  const r = await signin(s, username);
  if (r.status !== 200) throw new Error(`signin: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as AuthResponse;
}

/** Whether the product session still works (PATCH /api/profile with it). */
export async function sessionWorks(s: Pick<TestServer, "url">, token: string): Promise<boolean> {
  const r = await api(s, "PATCH", "/profile", { token, body: {} });
  if (r.status !== 200 && r.status !== 401) throw new Error(`profile: ${r.status}`);
  return r.status === 200;
}

/** The token of a reset link: `…/reset-password#token=…`. */
export const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get("token")!;

export const checkReset = (s: Pick<TestServer, "url">, token: string) =>
  api(s, "POST", "/password-reset/check", { body: { token } });
