import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "parley-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Parley</title>");
  writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log(1)");
  mkdirSync(join(dist, "pages"));
  writeFileSync(join(dist, "pages", "index.html"), "<!doctype html><title>Landing</title>");
  writeFileSync(join(dist, "pages", "about.html"), "<!doctype html><title>About</title>");
  s = await startTestServer({
    WEB_DIST: dist,
    SINGLE_NODE: "1",
    ALLOWED_ORIGINS: "https://chat.example.com, http://localhost:5173",
  });
});
afterAll(() => s.close());

describe("requests Node refuses", () => {
  it("answers a request whose headers pass 16 KiB with 431 and the JSON error shape", async () => {
    const res = await fetch(`${s.url}/chat/channels?api_key=${"k".repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      error: { code: "headers_too_large", message: "the request line and headers must stay under 16 KiB" },
    });
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe("operations endpoints", () => {
  it("answers /healthz and /readyz", async () => {
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it("exposes process, HTTP and realtime metrics", async () => {
    await fetch(`${s.url}/healthz`);
    const text = await (await fetch(`${s.url}/metrics`)).text();
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toMatch(
      /parley_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\}/,
    );
    expect(text).toContain("parley_ws_connections");
    expect(text).toContain("parley_events_replayed_total");
  });

  it("measures fan-out latency of delivered channel events", async () => {
    const a = await s.signup();
    const r = await s.chat(a.streamToken, "POST", "/channels/messaging/metrics/query", {});
    const sock = await authedSocket(s.wsUrl, s.apiKey, a.streamToken);
    sock.send({ type: "watch", channels: [{ cid: "messaging:metrics", since: r.body.last_seq }] });
    await sock.next((f) => f.type === "watch.ok");
    await s.chat(a.streamToken, "POST", "/channels/messaging/metrics/messages", { message: { text: "m" } });
    await sock.next((f) => f.type === "message.new");
    sock.close();
    const text = await (await fetch(`${s.url}/metrics`)).text();
    expect(Number(/parley_fanout_latency_seconds_count (\d+)/.exec(text)?.[1] ?? 0)).toBeGreaterThan(0);
  });

  it("counts the WebSocket frames it handles by type and outcome", async () => {
    const a = await s.signup();
    await s.chat(a.streamToken, "POST", "/channels/messaging/frames/query", {});
    const sock = await authedSocket(s.wsUrl, s.apiKey, a.streamToken);
    const count = async (labels: string) => {
      const text = await (await fetch(`${s.url}/metrics`)).text();
      return Number(new RegExp(`parley_ws_frames_total\\{${labels}\\} (\\d+)`).exec(text)?.[1] ?? 0);
    };
    const before = await Promise.all([
      count('type="send",outcome="ok"'),
      count('type="send",outcome="error"'),
      count('type="invalid",outcome="error"'),
    ]);
    sock.send({ type: "send", req_id: "ok", cid: "messaging:frames", message: { text: "counted" } });
    await sock.next((f) => f.type === "send.ok");
    sock.send({ type: "send", req_id: "no", cid: "messaging:nope", message: { text: "refused" } });
    await sock.next((f) => f.type === "error" && f.req_id === "no");
    sock.send("not json");
    await sock.next((f) => f.type === "error" && f.code === "malformed_frame");
    sock.close();
    const after = await Promise.all([
      count('type="send",outcome="ok"'),
      count('type="send",outcome="error"'),
      count('type="invalid",outcome="error"'),
    ]);
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 1]);
  });

  it("counts SQLite commits and the transactions they carried", async () => {
    const a = await s.signup();
    const count = async (name: string) =>
      Number(new RegExp(`^${name} (\\d+)$`, "m").exec(await (await fetch(`${s.url}/metrics`)).text())?.[1]);
    const before = await count("parley_db_transactions_total");
    await s.chat(a.streamToken, "POST", "/channels/messaging/commits/query", {});
    await s.chat(a.streamToken, "POST", "/channels/messaging/commits/messages", { message: { text: "m" } });
    expect(await count("parley_db_transactions_total")).toBeGreaterThanOrEqual(before + 2);
    const commits = await count("parley_db_commits_total");
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThanOrEqual(await count("parley_db_transactions_total"));
  });
});

describe("web app", () => {
  it("serves a pre-rendered page where the build made one, else index.html, with a strict CSP", async () => {
    const expected: Record<string, string> = {
      "/": "Landing",
      "/?ref=mail": "Landing",
      "/about": "About",
      "/about?x=1": "About",
      "/about/": "Parley",
      "/chats": "Parley",
      "/c/messaging:general": "Parley",
      "/no/such/page": "Parley",
    };
    for (const [path, title] of Object.entries(expected)) {
      const r = await fetch(`${s.url}${path}`);
      expect([path, r.status]).toEqual([path, 200]);
      expect([path, await r.text()]).toEqual([path, expect.stringContaining(`<title>${title}</title>`)]);
      const csp = r.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(r.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("loads images only from its own origin and connects only to it and ALLOWED_ORIGINS' sockets", async () => {
    for (const path of ["/", "/chats", "/assets/app-abc123.js"]) {
      const directives = Object.fromEntries(
        ((await fetch(`${s.url}${path}`)).headers.get("content-security-policy") ?? "")
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values.join(" ")]),
      );
      // External avatars and channel images come through GET /chat/images, shown from blob: URLs.
      expect([path, directives["img-src"]]).toEqual([path, "'self' data: blob:"]);
      // 'self' covers ws:/wss: to the page's own host and port (CSP3 "Does url match expression").
      expect([path, directives["connect-src"]]).toEqual([
        path,
        "'self' wss://chat.example.com ws://localhost:5173",
      ]);
      expect(directives["default-src"]).toBe("'self'");
    }
    // API answers carry no page policy (the image proxy and uploads set their own sandbox).
    expect((await fetch(`${s.url}/api/config`)).headers.get("content-security-policy")).toBeNull();
  });

  it("caches hashed assets for a year", async () => {
    const r = await fetch(`${s.url}/assets/app-abc123.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers JSON 404s under /api and /chat instead of the app", async () => {
    for (const path of ["/api/nope", "/chat/nope"]) {
      const r = await fetch(`${s.url}${path}`);
      expect(r.status).toBe(404);
      expect((await json(r)).error.code).toBe("not_found");
    }
  });
});
