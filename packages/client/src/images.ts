/**
 * Avatars and channel images under a Content-Security-Policy that lets a page load images only
 * from its own origin (docs/architecture.md "Outbound requests"). A user's `image` is a link to
 * anywhere; loading it straight from that host would tell the host who looks at it, and when. So
 * an external http(s) image is fetched through the server's image proxy (`GET /chat/images`, with
 * the api key and bearer token, which an `<img>` cannot send) and shown from a `blob:` URL;
 * same-origin, `data:` and `blob:` URLs are shown as they are.
 */
import { routeLines } from "./route-lines.js";

/** How a page of `origin` can show `src`: as it is, through the image proxy, or not at all. */
export type ImageRoute = "direct" | "proxy" | "none";

export function imageRoute(src: string, origin: string): ImageRoute {
  const s = src.trim();
  if (!s) return "none";
  if (/^(data|blob):/i.test(s)) return "direct";
  if (!/^https?:\/\//i.test(s)) return "none";
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return "none";
  }
  let own: string;
  try {
    own = new URL(origin).origin;
  } catch {
    return "proxy";
  }
  return url.origin === own ? "direct" : "proxy";
}

/** The path of the proxied image (`getImage`), from the server's origin (the SDK adds the api key). */
export const imageProxyPath = (src: string) =>
  `${routeLines.getImage.path}?url=${encodeURIComponent(src.trim())}`;

export interface ImageCacheDeps {
  /** The origin the images are shown on (the client's `baseURL`). */
  origin: string;
  /** Fetches the proxied image at `path` with the client's credentials. */
  fetchBlob: (path: string) => Promise<Blob>;
}

export interface ImageCacheOptions {
  /** Object URLs kept (default 300); the least recently used past that is revoked. */
  max?: number;
  /** How long a failed image is not asked for again (default 60 s). */
  failureTtlMs?: number;
  createObjectURL?: (blob: Blob) => string;
  revokeObjectURL?: (url: string) => void;
  now?: () => number;
}

type Entry =
  | { state: "loading"; promise: Promise<string> }
  | { state: "ready"; url: string; promise: Promise<string> }
  | { state: "failed"; until: number; error: unknown };

/**
 * The images a client shows, each fetched once: concurrent requests for one URL share one fetch,
 * loaded ones are kept as object URLs (bounded; the least recently used is revoked), a failure is
 * remembered for a while so a list of rows does not ask again for every row.
 */
export class ImageCache {
  readonly #deps: ImageCacheDeps;
  readonly #max: number;
  readonly #failureTtlMs: number;
  readonly #create: (blob: Blob) => string;
  readonly #revoke: (url: string) => void;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  /** Bumped by `release`, so a fetch that started before it keeps nothing after it. */
  #generation = 0;

  constructor(deps: ImageCacheDeps, options: ImageCacheOptions = {}) {
    this.#deps = deps;
    this.#max = options.max ?? 300;
    this.#failureTtlMs = options.failureTtlMs ?? 60_000;
    this.#create = options.createObjectURL ?? ((blob) => URL.createObjectURL(blob));
    this.#revoke = options.revokeObjectURL ?? ((url) => URL.revokeObjectURL(url));
    this.#now = options.now ?? Date.now;
  }

  /** How `src` is shown (see `imageRoute`). */
  route(src: string): ImageRoute {
    return imageRoute(src, this.#deps.origin);
  }

  /**
   * What to show for `src` now, without waiting: the URL when it is known (direct, or loaded
   * already), `null` when it cannot be shown (none, or failed lately), undefined when `load` must
   * fetch it first.
   */
  peek(src: string): string | null | undefined {
    const route = this.route(src);
    if (route === "none") return null;
    if (route === "direct") return src.trim();
    const entry = this.#fresh(src.trim());
    if (!entry) return undefined;
    if (entry.state === "ready") {
      this.#touch(src.trim(), entry);
      return entry.url;
    }
    return entry.state === "failed" ? null : undefined;
  }

  /** A URL an `<img>` of the origin may load for `src`; rejects when it cannot be shown. */
  load(src: string): Promise<string> {
    const route = this.route(src);
    if (route === "none") return Promise.reject(new Error("not an image URL that can be shown"));
    const key = src.trim();
    if (route === "direct") return Promise.resolve(key);
    const entry = this.#fresh(key);
    if (entry?.state === "failed") return Promise.reject(entry.error);
    if (entry) {
      this.#touch(key, entry);
      return entry.promise;
    }
    const generation = this.#generation;
    const promise = this.#deps.fetchBlob(imageProxyPath(key)).then(
      (blob) => {
        // Released while it loaded: an object URL made now would never be revoked.
        if (!this.#holds(key, promise, generation))
          throw new Error("the images were released while this one loaded");
        const url = this.#create(blob);
        this.#entries.set(key, { state: "ready", url, promise });
        this.#evict();
        return url;
      },
      (error: unknown) => {
        if (this.#holds(key, promise, generation))
          this.#entries.set(key, { state: "failed", until: this.#now() + this.#failureTtlMs, error });
        throw error;
      },
    );
    this.#entries.set(key, { state: "loading", promise });
    return promise;
  }

  /** Revokes every object URL and forgets every image (sign-out). */
  release(): void {
    this.#generation++;
    for (const entry of this.#entries.values()) if (entry.state === "ready") this.#revoke(entry.url);
    this.#entries.clear();
  }

  /** Whether the entry for `key` is still the load `promise` started in `generation`. */
  #holds(key: string, promise: Promise<string>, generation: number): boolean {
    const entry = this.#entries.get(key);
    return generation === this.#generation && entry?.state === "loading" && entry.promise === promise;
  }

  #fresh(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry?.state === "failed" && entry.until <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Most recently used last. */
  #touch(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#max) return;
      if (entry.state === "loading") continue;
      this.#entries.delete(key);
      if (entry.state === "ready") this.#revoke(entry.url);
    }
  }
}
