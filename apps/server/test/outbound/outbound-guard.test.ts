import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { addressRefusal } from "../../src/outbound/address-policy.js";
import { OutboundError, OutboundGuard, type OutboundRequest } from "../../src/outbound/outbound-guard.js";
import { endless, MIB, PNG, redirect, serve, stalled, startUpstream, type Upstream } from "./upstream.js";

const LIMITS: OutboundRequest = { maxBytes: 1024 * 1024, timeoutMs: 3000 };

/** The failure `promise` ends in: its kind and message. */
async function failure(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return { kind: err.kind, message: err.message };
    throw err;
  }
  throw new Error("expected the request to fail");
}

describe("address policy", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["::1", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["10.0.0.1", "a private address"],
    ["172.16.5.4", "a private address"],
    ["192.168.1.1", "a private address"],
    ["::ffff:10.0.0.1", "a private address"],
    ["fc00::1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["::ffff:169.254.169.254", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["0.0.0.0", "an unspecified address"],
    ["0.1.2.3", "an unspecified address"],
    ["::", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["ff02::1", "a multicast address"],
    ["255.255.255.255", "a broadcast address"],
    ["240.0.0.1", "a reserved address"],
    ["192.0.2.1", "a reserved address"],
    ["2001:db8::1", "a reserved address"],
    ["::7f00:1", "a reserved IPv6 address"],
    ["64:ff9b::a00:1", "a rfc6052 address"],
    ["2002:a00:1::1", "a 6to4 address"],
    ["2001:0:a00:1::1", "a teredo address"],
  ])("refuses %s as %s", (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each(["93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001:82b::200e"])(
    "lets the public address %s through",
    (address) => expect(addressRefusal(address)).toBeUndefined(),
  );

  it("lets loopback, and only loopback, through with the test allowance", () => {
    expect(addressRefusal("127.0.0.1", true)).toBeUndefined();
    expect(addressRefusal("::1", true)).toBeUndefined();
    expect(addressRefusal("::ffff:127.0.0.1", true)).toBeUndefined();
    for (const a of ["10.0.0.1", "169.254.169.254", "192.168.0.1", "fe80::1", "0.0.0.0"])
      expect([a, addressRefusal(a, true)]).toEqual([a, expect.any(String)]);
  });
});

describe("the guard, as deployed (no loopback allowance)", () => {
  const guard = new OutboundGuard();
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream({ "/a.png": serve("image/png", PNG) });
  });
  afterAll(() => upstream.close());

  it.each([
    ["http://127.0.0.1/", "127.0.0.1 is a loopback address"],
    ["http://10.0.0.1/", "10.0.0.1 is a private address"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"],
    ["http://[::1]:8080/", "::1 is a loopback address"],
    ["https://[::ffff:169.254.169.254]/", "::ffff:a9fe:a9fe is a link-local address"],
    // The URL parser reads every IPv4 spelling as the address it is.
    ["http://2130706433/", "127.0.0.1 is a loopback address"],
    ["http://0x7f.1/", "127.0.0.1 is a loopback address"],
    ["http://0/", "0.0.0.0 is an unspecified address"],
  ])("refuses %s before connecting", async (url, message) => {
    const f = await failure(guard.fetch(url, LIMITS));
    expect(f.kind).toBe("refused");
    expect(f.message).toContain(message);
  });

  it("refuses the real image host on 127.0.0.1, by address and by a name resolving to it", async () => {
    const port = new URL(upstream.url).port;
    expect((await failure(guard.fetch(`${upstream.url}/a.png`, LIMITS))).kind).toBe("refused");
    const byName = await failure(guard.fetch(`http://localhost:${port}/a.png`, LIMITS));
    expect(byName).toEqual({
      kind: "refused",
      message: expect.stringContaining("localhost resolves to a loopback"),
    });
    expect((await failure(guard.fetch(`http://LocalHost:${port}/a.png`, LIMITS))).kind).toBe("refused");
    expect(upstream.hits("/a.png")).toBe(0);
  });

  it("refuses a name when any one of its addresses is refused", async () => {
    const resolve = async (): Promise<LookupAddress[]> => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    const f = await failure(new OutboundGuard({ resolve }).fetch("https://mixed.example/a.png", LIMITS));
    expect(f).toEqual({
      kind: "refused",
      message: expect.stringContaining("mixed.example resolves to a private"),
    });
  });

  it.each([
    ["ftp", "ftp://example.com/a.png", "only http and https URLs are fetched"],
    ["file", "file:///etc/passwd", "only http and https URLs are fetched"],
    ["javascript", "javascript:alert(1)", "only http and https URLs are fetched"],
    ["data", "data:image/png;base64,AAAA", "only http and https URLs are fetched"],
    ["scheme-relative", "//example.com/a.png", "not a valid URL"],
    ["no URL at all", "not a url", "not a valid URL"],
    ["with credentials", "https://user:secret@example.com/a.png", "the URL must not carry credentials"],
    ["too long", `https://example.com/${"a".repeat(2100)}`, "the URL must be at most 2048 characters"],
  ])("refuses a %s URL as invalid", async (_what, url, message) => {
    expect(await failure(guard.fetch(url, LIMITS))).toEqual({ kind: "invalid_url", message });
  });

  it("answers a name that does not resolve as unresolvable", async () => {
    const resolve = async (): Promise<LookupAddress[]> => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const f = await failure(new OutboundGuard({ resolve }).fetch("https://nowhere.invalid/", LIMITS));
    expect(f.kind).toBe("unresolvable");
  });
});

describe("the guard with the test allowance", () => {
  let upstream: Upstream;
  let resolved: string[];
  const names: Record<string, string[]> = {
    "img.test": ["127.0.0.1"],
    "internal.test": ["10.0.0.7"],
  };
  // Names resolve through a table, so a test can point a name anywhere; each call is recorded.
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    resolved.push(host);
    const list = names[host];
    if (!list) throw new Error(`ENOTFOUND ${host}`);
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  const guard = new OutboundGuard({ allowLoopback: true, resolve });
  let port: string;

  beforeAll(async () => {
    upstream = await startUpstream({
      "/a.png": serve("image/png", PNG),
      "/to-a": redirect("/a.png"),
      "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
      "/to-private": redirect("http://10.0.0.1/a.png", 301),
      "/to-mapped": redirect("http://[::ffff:a9fe:a9fe]/", 307),
      "/to-internal-name": redirect("http://internal.test/a.png", 308),
      "/to-ftp": redirect("ftp://example.com/a.png"),
      "/loop": redirect("/loop"),
      "/hop1": redirect("/hop2"),
      "/hop2": redirect("/hop3"),
      "/hop3": redirect("/a.png"),
      "/endless.png": endless(8 * MIB),
      "/declared-huge.png": (_req, res) => {
        res.writeHead(200, { "content-type": "image/png", "content-length": String(2 * MIB) });
        res.write(PNG);
      },
      "/stalled.png": stalled,
    });
    port = new URL(upstream.url).port;
  });
  afterAll(() => upstream.close());
  const at = (path: string) => `${upstream.url}${path}`;

  it("fetches from 127.0.0.1", async () => {
    const res = await guard.fetch(at("/a.png"), LIMITS);
    expect(res.status).toBe(200);
    expect(res.body.equals(PNG)).toBe(true);
  });

  it("connects to the address it checked: one lookup per hop, the name kept for Host", async () => {
    resolved = [];
    const res = await guard.fetch(`http://img.test:${port}/a.png`, LIMITS);
    expect(res.body.equals(PNG)).toBe(true);
    expect(resolved).toEqual(["img.test"]);
    expect(upstream.hostOf("/a.png")).toBe(`img.test:${port}`);
  });

  it("follows up to three redirects, each hop checked again", async () => {
    expect((await guard.fetch(at("/to-a"), LIMITS)).url.pathname).toBe("/a.png");
    expect((await guard.fetch(at("/hop1"), LIMITS)).body.equals(PNG)).toBe(true);
    const f = await failure(guard.fetch(at("/loop"), LIMITS));
    expect(f).toEqual({ kind: "redirects", message: "more than 3 redirects" });
    expect(await failure(guard.fetch(at("/hop1"), { ...LIMITS, maxRedirects: 2 }))).toMatchObject({
      kind: "redirects",
    });
  });

  it.each([
    ["/to-metadata", "169.254.169.254 is a link-local address"],
    ["/to-private", "10.0.0.1 is a private address"],
    ["/to-mapped", "is a link-local address"],
    ["/to-internal-name", "internal.test resolves to a private address"],
  ])("refuses a redirect (%s) to a refused address", async (path, message) => {
    const f = await failure(guard.fetch(at(path), LIMITS));
    expect(f.kind).toBe("refused");
    expect(f.message).toContain(message);
  });

  it("refuses a redirect to another scheme", async () => {
    expect(await failure(guard.fetch(at("/to-ftp"), LIMITS))).toEqual({
      kind: "invalid_url",
      message: "only http and https URLs are fetched",
    });
  });

  it("lets only loopback through: a private address stays refused", async () => {
    expect((await failure(guard.fetch("http://10.0.0.1/", LIMITS))).kind).toBe("refused");
    expect((await failure(guard.fetch("http://internal.test/", LIMITS))).kind).toBe("refused");
  });

  it("cuts a body off as soon as it passes the size limit, declared or streamed", async () => {
    const small = { maxBytes: 100 * 1024, timeoutMs: 3000 };
    expect(await failure(guard.fetch(at("/declared-huge.png"), small))).toEqual({
      kind: "too_large",
      message: "the answer is larger than 102400 bytes",
    });
    const started = Date.now();
    expect((await failure(guard.fetch(at("/endless.png"), small))).kind).toBe("too_large");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("gives up on an answer that does not finish in time", async () => {
    const started = Date.now();
    const f = await failure(guard.fetch(at("/stalled.png"), { maxBytes: MIB, timeoutMs: 300 }));
    expect(f).toEqual({ kind: "timeout", message: "no complete answer within 300 ms" });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("lets the caller refuse an answer from its head, before the body is read", async () => {
    const f = guard.fetch(at("/endless.png"), {
      ...LIMITS,
      inspect: (head) => {
        throw new Error(`no thanks: ${head.headers["content-type"]}`);
      },
    });
    await expect(f).rejects.toThrow("no thanks: image/png");
  });

  it("answers a non-2xx final status, and a closed port, as failures", async () => {
    expect(await failure(guard.fetch(at("/missing.png"), LIMITS))).toMatchObject({ kind: "status" });
    const closed = await startUpstream({});
    await closed.close();
    expect((await failure(guard.fetch(`${closed.url}/a.png`, LIMITS))).kind).toBe("unreachable");
  });
});

describe("OUTBOUND_ALLOW_LOOPBACK", () => {
  it("is off unless set, and refuses anything but true/false/1/0", () => {
    expect(loadConfig({}).outboundAllowLoopback).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: "true" }).outboundAllowLoopback).toBe(true);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: "0" }).outboundAllowLoopback).toBe(false);
    expect(() => loadConfig({ OUTBOUND_ALLOW_LOOPBACK: "yes" })).toThrow(ConfigError);
    expect(() => loadConfig({ OUTBOUND_ALLOW_LOOPBACK: "yes" })).toThrow(/OUTBOUND_ALLOW_LOOPBACK/);
  });
});
