import { createReadStream, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFoundBody } from "../errors.js";

/**
 * The web app's policy. Images come only from this origin (external avatars and channel images
 * through the image proxy, `GET /chat/images`, shown from blob: URLs), so no other host sees who
 * views them. Connections go to this origin — in CSP3 'self' covers ws:/wss: on the page's own
 * host and port, and wss: on an https page — and to the WebSocket origins of ALLOWED_ORIGINS.
 */
export function contentSecurityPolicy(allowedOrigins: readonly string[] = []): string {
  const sockets = allowedOrigins.flatMap(socketOrigin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    ["connect-src 'self'", ...sockets].join(" "),
    "font-src 'self' data:",
    // The app's service worker (/sw.js) and manifest (/manifest.webmanifest) come from here only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** `https://chat.example.com` → `wss://chat.example.com`; nothing for what is no plain origin. */
function socketOrigin(origin: string): string[] {
  const m = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.exec(origin);
  if (!m) return [];
  return [`${m[1]?.toLowerCase() === "https" ? "wss" : "ws"}://${m[2]?.toLowerCase()}${m[3] ?? ""}`];
}

function isApiPath(url: string): boolean {
  const path = url.split("?")[0] ?? "/";
  return ["/api", "/chat"].some((p) => path === p || path.startsWith(`${p}/`));
}

/** Registered first so every route, the web app's included, answers with these headers. */
export function registerSecurityHeaders(app: FastifyInstance, allowedOrigins: readonly string[] = []): void {
  const csp = contentSecurityPolicy(allowedOrigins);
  app.addHook("onSend", async (req, reply) => {
    if (!isApiPath(req.url)) {
      reply.header("content-security-policy", csp);
    }
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
  });
}

/** Where the web build puts the public pages it renders to HTML (apps/web/prerender-plugin.ts). */
export const PRERENDERED_DIR = "pages";

/** The web build's service worker (apps/web/src/pwa/worker), at the root so its scope is `/`. */
export const SERVICE_WORKER_FILE = "sw.js";

/**
 * The built web app: hashed assets cached for a year; a path the build pre-rendered
 * (`pages/index.html` for `/`, `pages/about.html` for `/about`) gets its page, every other path
 * index.html. The service worker is checked on every load (no-cache) so a deploy reaches
 * installed apps; the manifest is served as `application/manifest+json` by its extension.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, "index.html"));
  const pages = hasWeb ? prerenderedPages(webDist) : new Map<string, string>();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    if (existsSync(join(webDist, SERVICE_WORKER_FILE))) {
      // Read at each request: the static handler would answer `application/javascript`.
      app.get(`/${SERVICE_WORKER_FILE}`, (_req, reply) =>
        reply
          .header("cache-control", "no-cache")
          .type("text/javascript; charset=utf-8")
          .send(createReadStream(join(webDist, SERVICE_WORKER_FILE))),
      );
    }
    app.get("/", (_req, reply) =>
      reply
        .header("cache-control", "no-cache")
        .type("text/html")
        .sendFile(pages.get("/") ?? "index.html"),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isApiPath(req.url) || !hasWeb)
      return reply.status(404).send(notFoundBody(req.method, req.url));
    reply.header("cache-control", "no-cache");
    const path = req.url.split("?")[0] ?? "/";
    return reply.type("text/html").sendFile(pages.get(path) ?? "index.html");
  });
}

/** The pre-rendered pages by the path they answer: `index.html` for `/`, `about.html` for `/about`. */
function prerenderedPages(webDist: string): Map<string, string> {
  const dir = join(webDist, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".html")) continue;
    const name = file.slice(0, -".html".length);
    pages.set(name === "index" ? "/" : `/${name}`, `${PRERENDERED_DIR}/${file}`);
  }
  return pages;
}
