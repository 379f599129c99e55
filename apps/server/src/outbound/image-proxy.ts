/**
 * The image proxy behind `GET /chat/images` (docs/api.md "Images"): fetches an avatar or channel
 * image that lives on another host through the outbound guard, so that viewers' browsers load
 * images only from this origin and the other host never learns who looks at them, or when.
 * Answers are kept in memory (bounded by bytes) so a list of fifty avatars is fetched once per
 * node, not once per viewer; concurrent requests for one URL share one fetch.
 */
import { ErrorCode, formatBytes, PROXIED_IMAGE_TYPES } from "@parley/protocol";
import { DomainError } from "../domain/errors.js";
import { ByteBoundedCache } from "./byte-bounded-cache.js";
import { declaredImageType, type ProxiedImageType, sniffImageType } from "./image-types.js";
import { OutboundError, type OutboundGuard } from "./outbound-guard.js";

export interface ProxiedImage {
  /** The type its bytes are (checked), which the answer is served as. */
  type: ProxiedImageType;
  body: Buffer;
}

export interface ImageProxyOptions {
  /** The largest image fetched (default 5 MiB). */
  maxBytes?: number;
  /** The whole fetch, redirects included (default 5 s). */
  timeoutMs?: number;
  /** Memory the cache may hold (default 32 MiB). */
  cacheBytes?: number;
  /** How long a fetched image is served from the cache (default an hour, as the answer's max-age). */
  ttlMs?: number;
  /** How long a failure is answered from the cache (default 30 s), so a dead host is not asked again per viewer. */
  failureTtlMs?: number;
  /** Fetches running at once (default 16); more wait, up to `maxWaiting` (default 256), then 503. */
  concurrency?: number;
  maxWaiting?: number;
  now?: () => number;
}

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 5000;
/** What an entry costs beyond its bytes: its key, the map's bookkeeping. */
const ENTRY_OVERHEAD = 256;

type Outcome = ProxiedImage | DomainError;

export class ImageProxy {
  readonly #guard: OutboundGuard;
  readonly #maxBytes: number;
  readonly #timeoutMs: number;
  readonly #ttlMs: number;
  readonly #failureTtlMs: number;
  readonly #cache: ByteBoundedCache<Outcome>;
  readonly #inFlight = new Map<string, Promise<Outcome>>();
  readonly #slots: Slots;

  constructor(guard: OutboundGuard, options: ImageProxyOptions = {}) {
    this.#guard = guard;
    this.#maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
    this.#timeoutMs = options.timeoutMs ?? IMAGE_TIMEOUT_MS;
    this.#ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.#failureTtlMs = options.failureTtlMs ?? 30_000;
    this.#cache = new ByteBoundedCache(options.cacheBytes ?? 32 * 1024 * 1024, options.now);
    this.#slots = new Slots(options.concurrency ?? 16, options.maxWaiting ?? 256);
  }

  /** The image at `rawUrl`, from the cache or fetched; a failure is a DomainError (docs/api.md). */
  async get(rawUrl: string): Promise<ProxiedImage> {
    let url: URL;
    try {
      url = this.#guard.parseUrl(rawUrl);
    } catch (err) {
      throw toDomainError(err, this.#maxBytes);
    }
    url.hash = "";
    const key = url.href;
    const outcome = this.#cache.get(key) ?? (await this.#fetchShared(key, url));
    if (outcome instanceof DomainError) throw outcome;
    return outcome;
  }

  #fetchShared(key: string, url: URL): Promise<Outcome> {
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#fetch(url).then(({ outcome, remember }) => {
        this.#inFlight.delete(key);
        const keyCost = key.length * 2 + ENTRY_OVERHEAD;
        if (!remember) return outcome;
        if (outcome instanceof DomainError) this.#cache.set(key, outcome, keyCost, this.#failureTtlMs);
        else this.#cache.set(key, outcome, outcome.body.length + keyCost, this.#ttlMs);
        return outcome;
      });
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  async #fetch(url: URL): Promise<{ outcome: Outcome; remember: boolean }> {
    // A full queue says nothing about the image: that answer is not remembered.
    if (!this.#slots.mayWait())
      return {
        outcome: new DomainError(
          ErrorCode.unavailable,
          "too many images are being fetched; try again shortly",
        ),
        remember: false,
      };
    await this.#slots.acquire();
    try {
      const res = await this.#guard.fetch(url, {
        maxBytes: this.#maxBytes,
        timeoutMs: this.#timeoutMs,
        headers: { accept: PROXIED_IMAGE_TYPES.join(", ") },
        inspect: (head) => {
          const declared = head.headers["content-type"];
          if (!declaredImageType(declared)) throw notAnImage(declared);
          const encoding = head.headers["content-encoding"];
          if (encoding && encoding !== "identity") throw notAnImage(`${declared}, ${encoding}`);
        },
      });
      const type = sniffImageType(res.body);
      if (!type) throw notAnImage(`${res.headers["content-type"]} whose bytes are no such image`);
      return { outcome: { type, body: res.body }, remember: true };
    } catch (err) {
      return { outcome: toDomainError(err, this.#maxBytes), remember: true };
    } finally {
      this.#slots.release();
    }
  }
}

const notAnImage = (what: string | undefined) =>
  new DomainError(
    ErrorCode.unsupportedMediaType,
    `not an image the server shows (${what ?? "no content type"}); PNG, JPEG, GIF, WebP and AVIF are`,
  );

/** The guard's failures as the API answers them (docs/api.md "Images"). */
function toDomainError(err: unknown, maxBytes: number): DomainError {
  if (err instanceof DomainError) return err;
  if (!(err instanceof OutboundError))
    return new DomainError(ErrorCode.unavailable, "the image could not be fetched");
  switch (err.kind) {
    case "invalid_url":
      return new DomainError(ErrorCode.validation, `url: ${err.message}`, { url: err.message });
    case "refused":
      return new DomainError(ErrorCode.badRequest, err.message);
    case "too_large":
      return new DomainError(ErrorCode.payloadTooLarge, `the image is larger than ${formatBytes(maxBytes)}`);
    default:
      return new DomainError(ErrorCode.unavailable, `the image could not be fetched: ${err.message}`);
  }
}

/** A counting semaphore with a bounded queue. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(
    size: number,
    private readonly maxWaiting: number,
  ) {
    this.#free = size;
  }
  /** Whether one more may wait (or run at once). */
  mayWait(): boolean {
    return this.#free > 0 || this.#waiting.length < this.maxWaiting;
  }
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}
