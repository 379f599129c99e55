import { openApiDocument } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../src/http/routes/web.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ SINGLE_NODE: "1", LOG_LEVEL: "silent" });
});
afterAll(() => s.close());

const TYPES: Record<string, RegExp> = {
  js: /^application\/javascript/,
  css: /^text\/css/,
  png: /^image\/png$/,
};

describe("GET /chat/docs", () => {
  it("is the reference page, under the web app's content security policy", async () => {
    const res = await fetch(`${s.url}/chat/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
    const html = await res.text();
    expect(html).toContain('<div id="swagger-ui">');
    // Scripts as files only: the policy allows no inline script.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("loads every script, style and icon it names from this server", async () => {
    const html = await (await fetch(`${s.url}/chat/docs`)).text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(assets.length).toBeGreaterThanOrEqual(6);
    for (const asset of assets) {
      expect(asset, "an asset of another host").toMatch(/^\/chat\/docs\/static\/[\w.-]+$/);
      const res = await fetch(`${s.url}${asset}`);
      const type = TYPES[asset.split(".").pop() ?? ""];
      expect([asset, res.status, res.headers.get("content-type")]).toEqual([
        asset,
        200,
        expect.stringMatching(type ?? /^$/),
      ]);
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
  });

  it("shows the document of the route table", async () => {
    const res = await fetch(`${s.url}/chat/docs/json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(openApiDocument());
  });
});
