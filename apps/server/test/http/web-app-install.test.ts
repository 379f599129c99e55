import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/** What makes the web app installable: its service worker and manifest, and the policy allowing them. */
let s: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "parley-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Parley</title>");
  writeFileSync(join(dist, "sw.js"), "self.version = 1;");
  writeFileSync(join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Parley" }));
  s = await startTestServer({ WEB_DIST: dist, SINGLE_NODE: "1" });
});
afterAll(() => s.close());

function directives(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(" ")]),
  );
}

describe("installable web app", () => {
  it("serves /sw.js as JavaScript that is checked on every load, fresh from disk", async () => {
    const r = await fetch(`${s.url}/sw.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/javascript(;|$)/);
    expect(r.headers.get("cache-control")).toBe("no-cache");
    expect(await r.text()).toBe("self.version = 1;");
    // A deploy replaces the file; the next update check sees the new worker.
    writeFileSync(join(dist, "sw.js"), "self.version = 2;");
    expect(await (await fetch(`${s.url}/sw.js`)).text()).toBe("self.version = 2;");
  });

  it("serves the manifest as application/manifest+json", async () => {
    const r = await fetch(`${s.url}/manifest.webmanifest`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/manifest\+json(;|$)/);
    expect(r.headers.get("cache-control")).toBe("no-cache");
    expect(await r.json()).toEqual({ name: "Parley" });
  });

  it("allows workers and manifests from its own origin only", async () => {
    for (const path of ["/", "/chats", "/sw.js", "/manifest.webmanifest"]) {
      const csp = directives((await fetch(`${s.url}${path}`)).headers.get("content-security-policy"));
      expect([path, csp["worker-src"], csp["manifest-src"]]).toEqual([path, "'self'", "'self'"]);
      expect([path, csp["script-src"]]).toEqual([path, "'self'"]);
    }
  });
});
