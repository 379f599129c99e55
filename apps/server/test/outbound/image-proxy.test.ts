import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  endless,
  MIB,
  PNG,
  redirect,
  SVG,
  serve,
  stalled,
  startUpstream,
  type Upstream,
} from "./upstream.js";

/**
 * `GET /chat/images` end to end: the real server (with OUTBOUND_ALLOW_LOOPBACK, the only way it
 * reaches a host on 127.0.0.1) proxying a real image host that counts what it is asked for.
 */
let s: TestServer;
let upstream: Upstream;
let token: string;

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

beforeAll(async () => {
  upstream = await startUpstream({
    "/a.png": serve("image/png", PNG),
    "/cached.png": serve("image/png", PNG),
    "/shared.png": (_req, res) => {
      // Slow enough that every concurrent request arrives while the first fetch runs.
      setTimeout(() => res.writeHead(200, { "content-type": "image/png" }).end(PNG), 200);
    },
    "/mislabelled.gif": serve("image/jpg; charset=binary", GIF),
    "/icon.svg": serve("image/svg+xml", SVG),
    "/page.html": serve("text/html; charset=utf-8", HTML),
    "/html-as.png": serve("image/png", HTML),
    "/gzipped.png": (_req, res) => {
      res.writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" }).end(PNG);
    },
    "/huge.png": endless(6 * MIB),
    "/declared-huge.png": (_req, res) => {
      res.writeHead(200, { "content-type": "image/png", "content-length": String(6 * MIB) });
      res.write(PNG);
    },
    "/slow.png": stalled,
    "/moved.png": redirect("/a.png", 301),
    "/to-metadata.png": redirect("http://169.254.169.254/latest/meta-data/"),
  });
  s = await startTestServer({ OUTBOUND_ALLOW_LOOPBACK: "true" });
  token = (await s.signup()).streamToken;
});
afterAll(async () => {
  await s?.close();
  await upstream?.close();
});

const image = (url: string, bearer: string | null = token) =>
  fetch(`${s.url}/chat/images?api_key=${s.apiKey}&url=${encodeURIComponent(url)}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
const at = (path: string) => `${upstream.url}${path}`;

async function error(res: Response): Promise<[number, string, string]> {
  const body = await json(res);
  return [res.status, body.error.code, body.error.message];
}

describe("the image proxy", () => {
  it("answers a PNG byte for byte, as an image that cannot script, cached privately", async () => {
    const res = await image(at("/a.png"));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(PNG.length));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("serves a second request from its cache, and shares one fetch among concurrent ones", async () => {
    for (let i = 0; i < 3; i++) expect((await image(at("/cached.png"))).status).toBe(200);
    expect(upstream.hits("/cached.png")).toBe(1);
    // Another user, another token: the same cached bytes.
    const other = (await s.signup()).streamToken;
    expect((await image(at("/cached.png"), other)).status).toBe(200);
    expect(upstream.hits("/cached.png")).toBe(1);

    const answers = await Promise.all(Array.from({ length: 8 }, () => image(at("/shared.png"))));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(upstream.hits("/shared.png")).toBe(1);
  });

  it("serves the type the bytes are, not the one a host claims", async () => {
    const res = await image(at("/mislabelled.gif"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(Buffer.from(await res.arrayBuffer()).equals(GIF)).toBe(true);
  });

  it("follows a redirect to the image", async () => {
    const res = await image(at("/moved.png"));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    ["an SVG (it can script)", "/icon.svg", "image/svg+xml"],
    ["an HTML page", "/page.html", "text/html"],
    ["HTML labelled image/png", "/html-as.png", "whose bytes are no such image"],
    ["a compressed body", "/gzipped.png", "gzip"],
  ])("refuses %s with 415", async (_what, path, said) => {
    const [status, code, message] = await error(await image(at(path)));
    expect([status, code]).toEqual([415, "unsupported_media_type"]);
    expect(message).toContain(said);
  });

  it("cuts an image over 5 MiB off with 413, declared or streamed", async () => {
    const started = Date.now();
    expect(await error(await image(at("/huge.png")))).toEqual([
      413,
      "payload_too_large",
      "the image is larger than 5.0 MB",
    ]);
    expect(await error(await image(at("/declared-huge.png")))).toEqual([
      413,
      "payload_too_large",
      "the image is larger than 5.0 MB",
    ]);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("gives up on a host that stalls after 5 s with 503, and remembers the failure a while", async () => {
    const started = Date.now();
    const [status, code, message] = await error(await image(at("/slow.png")));
    const took = Date.now() - started;
    expect([status, code]).toEqual([503, "unavailable"]);
    expect(message).toContain("no complete answer within 5000 ms");
    expect(took).toBeGreaterThanOrEqual(4900);
    expect(took).toBeLessThan(8000);
    // Asked again at once: the remembered failure, not another 5 s against the host.
    const again = Date.now();
    expect((await image(at("/slow.png"))).status).toBe(503);
    expect(Date.now() - again).toBeLessThan(1000);
    expect(upstream.hits("/slow.png")).toBe(1);
  }, 20_000);

  it("answers a missing image, and an unreachable host, with 503", async () => {
    const [status, code, message] = await error(await image(at("/nope.png")));
    expect([status, code]).toEqual([503, "unavailable"]);
    expect(message).toContain("answered HTTP 404");
    const closed = await startUpstream({});
    await closed.close();
    expect((await image(`${closed.url}/a.png`)).status).toBe(503);
  });

  it("refuses a redirect to the metadata address with 400 bad_request", async () => {
    const [status, code, message] = await error(await image(at("/to-metadata.png")));
    expect([status, code]).toEqual([400, "bad_request"]);
    expect(message).toBe(
      "169.254.169.254 is a link-local address; the server fetches only from public addresses",
    );
  });

  it("refuses private addresses even with the loopback allowance", async () => {
    for (const url of ["http://10.0.0.1/a.png", "http://169.254.169.254/", "http://[fd00::1]/a.png"]) {
      const [status, code] = await error(await image(url));
      expect([url, status, code]).toEqual([url, 400, "bad_request"]);
    }
  });

  it("answers a URL that is none, or not http(s), with 400 validation naming url", async () => {
    for (const url of [
      "ftp://example.com/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "a.png",
    ]) {
      const res = await image(url);
      const body = await json(res);
      expect([url, res.status, body.error.code, Object.keys(body.error.fields)]).toEqual([
        url,
        400,
        "validation",
        ["url"],
      ]);
    }
    const none = await fetch(`${s.url}/chat/images?api_key=${s.apiKey}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(none.status).toBe(400);
    expect((await json(none)).error.fields).toEqual({ url: expect.stringContaining("url is required") });
  });

  it("needs the api key and a token like every /chat call, and fetches nothing without", async () => {
    const before = upstream.hits("/a.png");
    expect((await image(at("/a.png"), null)).status).toBe(401);
    expect((await image(at("/a.png"), "not-a-token")).status).toBe(401);
    const noKey = await fetch(`${s.url}/chat/images?url=${encodeURIComponent(at("/a.png"))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await json(noKey)).error.code).toBe("invalid_api_key");
    expect(upstream.hits("/a.png")).toBe(before);
  });
});
