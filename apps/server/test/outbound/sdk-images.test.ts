import { resolveObjectURL } from "node:buffer";
import { ImageCache, imageRoute } from "@parley/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { connectedUser, type SdkUser } from "../sdk/sdk-helpers.js";
import { PNG, SVG, serve, startUpstream, type Upstream } from "./upstream.js";

/** The SDK's images (`client.images`) against the real server's image proxy and a real image host. */
let s: TestServer;
let upstream: Upstream;
let user: SdkUser;
/** The image proxy calls the SDK made, by the URL they asked for. */
const proxied: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream({
    "/a.png": serve("image/png", PNG),
    "/b.png": serve("image/png", PNG),
    "/icon.svg": serve("image/svg+xml", SVG),
  });
  s = await startTestServer({ OUTBOUND_ALLOW_LOOPBACK: "true" });
  user = await connectedUser(s, {
    fetch: (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === "/chat/images") proxied.push(url.searchParams.get("url") ?? "");
      return fetch(input, init);
    },
  });
});
afterAll(async () => {
  await user?.client.disconnectUser();
  await s?.close();
  await upstream?.close();
});

const bytesOf = async (objectUrl: string) => {
  const blob = resolveObjectURL(objectUrl);
  if (!blob) throw new Error(`no blob behind ${objectUrl}`);
  return Buffer.from(await blob.arrayBuffer());
};

describe("client.images", () => {
  it("shows same-origin, data: and blob: URLs as they are and proxies every other host", () => {
    const images = user.client.images;
    expect(images.route(`${s.url}/avatars/a.png`)).toBe("direct");
    expect(images.peek(`${s.url}/avatars/a.png`)).toBe(`${s.url}/avatars/a.png`);
    expect(images.route("data:image/png;base64,AAAA")).toBe("direct");
    expect(images.route("blob:http://localhost/1234")).toBe("direct");
    expect(images.route(`${upstream.url}/a.png`)).toBe("proxy");
    expect(images.route("https://images.example.com/me.png")).toBe("proxy");
    for (const none of ["", "  ", "javascript:alert(1)", "ftp://example.com/a.png", "a.png", "https://"])
      expect([none, images.route(none), images.peek(none)]).toEqual([none, "none", null]);
  });

  it("loads an external image through the proxy once, as a blob: URL shared by every caller", async () => {
    const src = `${upstream.url}/a.png`;
    const images = user.client.images;
    expect(images.peek(src)).toBeUndefined();
    const urls = await Promise.all([images.load(src), images.load(src), images.load(src)]);
    expect(new Set(urls).size).toBe(1);
    expect(urls[0]).toMatch(/^blob:/);
    expect((await bytesOf(urls[0]!)).equals(PNG)).toBe(true);
    expect(proxied.filter((u) => u === src)).toHaveLength(1);
    // Known now: a remounted avatar shows it at once, without asking again.
    expect(images.peek(src)).toBe(urls[0]);
    expect(await images.load(src)).toBe(urls[0]);
    expect(proxied.filter((u) => u === src)).toHaveLength(1);
  });

  it("remembers a refused image for a while instead of asking for it on every render", async () => {
    const src = `${upstream.url}/icon.svg`;
    const images = user.client.images;
    await expect(images.load(src)).rejects.toMatchObject({ status: 415 });
    expect(images.peek(src)).toBeNull();
    await expect(images.load(src)).rejects.toMatchObject({ status: 415 });
    expect(proxied.filter((u) => u === src)).toHaveLength(1);
  });

  it("revokes its object URLs when the user disconnects", async () => {
    const other = await connectedUser(s);
    const url = await other.client.images.load(`${upstream.url}/b.png`);
    expect(resolveObjectURL(url)).toBeDefined();
    await other.client.disconnectUser();
    expect(resolveObjectURL(url)).toBeUndefined();
  });
});

describe("ImageCache bounds", () => {
  const origin = "https://chat.example.com";
  const blob = new Blob([PNG], { type: "image/png" });

  function cache(max: number) {
    const revoked: string[] = [];
    const fetched: string[] = [];
    let n = 0;
    const images = new ImageCache(
      {
        origin,
        fetchBlob: async (path) => {
          fetched.push(path);
          return blob;
        },
      },
      { max, createObjectURL: () => `blob:${origin}/${++n}`, revokeObjectURL: (u) => void revoked.push(u) },
    );
    return { images, revoked, fetched };
  }

  it("asks the proxy with the encoded URL", async () => {
    const { images, fetched } = cache(5);
    await images.load("https://img.example/a b.png?size=64&x=1");
    expect(fetched).toEqual([
      `/chat/images?url=${encodeURIComponent("https://img.example/a b.png?size=64&x=1")}`,
    ]);
  });

  it("keeps at most `max` object URLs, revoking the least recently used", async () => {
    const { images, revoked } = cache(2);
    const a = await images.load("https://img.example/a.png");
    const b = await images.load("https://img.example/b.png");
    expect(images.peek("https://img.example/a.png")).toBe(a); // a is now the most recently used
    await images.load("https://img.example/c.png");
    expect(revoked).toEqual([b]);
    expect(images.peek("https://img.example/b.png")).toBeUndefined();
    expect(images.peek("https://img.example/a.png")).toBe(a);
    images.release();
    expect(revoked).toHaveLength(3);
  });

  it("keeps nothing of a load that was released while it ran", async () => {
    const { images, revoked } = cache(5);
    const pending = images.load("https://img.example/late.png");
    images.release();
    await expect(pending).rejects.toThrow("released");
    expect(revoked).toEqual([]);
    expect(images.peek("https://img.example/late.png")).toBeUndefined();
  });

  it("tells same-origin apart by origin, not by host alone", () => {
    expect(imageRoute("https://chat.example.com/a.png", origin)).toBe("direct");
    expect(imageRoute("http://chat.example.com/a.png", origin)).toBe("proxy");
    expect(imageRoute("https://chat.example.com:8443/a.png", origin)).toBe("proxy");
    expect(imageRoute("https://chat.example.com.evil.test/a.png", origin)).toBe("proxy");
  });
});
