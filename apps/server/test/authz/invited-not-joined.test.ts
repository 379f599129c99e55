import { type ApiRoute, apiRoutes } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { adminInvite } from "./rows-accounts-admin.js";

/**
 * The actor "invited, not joined": someone who holds an invite link's token and has no account.
 * The token is their only credential, so every route of the table is called with it as the
 * bearer token (and the public api key): they may preview the invite and read what is public,
 * and nothing else answers them with a success.
 */
let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent" });
  token = (await adminInvite({ s })).token;
}, 60_000);
afterAll(() => s.close());

const routes = Object.entries(apiRoutes as Record<string, ApiRoute>);

async function call(route: ApiRoute): Promise<number> {
  const path = route.path.replace("{type}", "team").replace(/\{[^}]+\}/g, "x");
  const sep = path.startsWith("/chat") ? `?api_key=${s.apiKey}` : "";
  const res = await fetch(`${s.url}${path}${sep}`, {
    method: route.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(route.method !== "GET" ? { "content-type": "application/json" } : {}),
    },
    body:
      route === apiRoutes.previewInvite
        ? JSON.stringify({ token })
        : route.method !== "GET"
          ? "{}"
          : undefined,
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res.status;
}

describe("authorization: invited, not joined (an invite token, no account)", () => {
  it("previews the invite", async () => {
    expect(await call(apiRoutes.previewInvite)).toBe(200);
  });

  it.each(routes.filter(([, r]) => r.auth !== "none"))("%s refuses them", async (_name, route) => {
    const status = await call(route);
    expect(
      status === 401 || status === 403 || status === 400,
      `${route.method} ${route.path}: ${status}`,
    ).toBe(true);
  });

  it("of the routes that take no credentials, only reads answer them with a success", async () => {
    const succeeded: string[] = [];
    // The preview is a read too: a POST only so that the token stays out of URLs.
    const reads = (route: ApiRoute) => route.method === "GET" || route === apiRoutes.previewInvite;
    for (const [name, route] of routes.filter(([, r]) => r.auth === "none")) {
      const status = await call(route);
      if (status >= 200 && status < 300 && !reads(route)) succeeded.push(`${name}: ${status}`);
    }
    expect(succeeded).toEqual([]);
  });
});
