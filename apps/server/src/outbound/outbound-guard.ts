/**
 * The one way the server fetches a URL that a user or an admin gave (docs/architecture.md,
 * "Outbound requests"): http(s) only; the host resolved first and every address it resolves to
 * checked (address-policy.ts); the connection made to an address that was checked — the check
 * runs inside the socket's own `lookup`, so nothing can re-resolve the name between check and
 * connect (DNS rebinding); redirects followed by hand, each hop checked again; the body's size and
 * the whole exchange's time limited while it streams.
 */
import type { LookupAddress } from "node:dns";
import { lookup as systemLookup } from "node:dns/promises";
import { type ClientRequest, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressRefusal } from "./address-policy.js";

/** Why an outbound request failed; the caller maps it to its own answer. */
export type OutboundFailure =
  /** Not an absolute http(s) URL, or one with credentials, or too long. */
  | "invalid_url"
  /** The host is, or resolves to, an address the guard refuses (on any hop). */
  | "refused"
  /** The host name does not resolve. */
  | "unresolvable"
  /** No connection, a TLS failure, or the connection broke. */
  | "unreachable"
  /** More redirects than allowed. */
  | "redirects"
  /** The final answer was not 2xx (`status` says which). */
  | "status"
  /** The body is larger than allowed (declared or counted). */
  | "too_large"
  /** The exchange did not finish in time. */
  | "timeout";

export class OutboundError extends Error {
  override readonly name = "OutboundError";
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** The upstream status, for `status`. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ResponseHead {
  /** The URL that answered (after redirects). */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
}

export interface OutboundResponse extends ResponseHead {
  body: Buffer;
}

export interface OutboundRequest {
  /** GET by default; a POST (Web Push) sends `body` and follows no redirect. */
  method?: "GET" | "POST";
  body?: Buffer;
  /** The largest body accepted: a larger declared length fails at once, a longer body as it streams. */
  maxBytes: number;
  /** The whole exchange — every lookup, connection, redirect and the body — must end within this. */
  timeoutMs: number;
  /** Redirects followed, each hop checked like the first (default 3). */
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** Sees the final answer's head before its body is read; throwing refuses it unread. */
  inspect?: (head: ResponseHead) => void;
}

export interface OutboundGuardOptions {
  /** Lets 127.0.0.0/8 and ::1 through: for tests only (OUTBOUND_ALLOW_LOOPBACK), never by default. */
  allowLoopback?: boolean;
  /** Every address of a name; the system resolver (getaddrinfo, as Node resolves) by default. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export const MAX_OUTBOUND_URL_LENGTH = 2048;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolve = (hostname: string) => systemLookup(hostname, { all: true, verbatim: true });

/** `[::1]` → `::1`: URL keeps IPv6 literals bracketed. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

export class OutboundGuard {
  readonly #allowLoopback: boolean;
  readonly #resolve: (hostname: string) => Promise<LookupAddress[]>;

  constructor(options: OutboundGuardOptions = {}) {
    this.#allowLoopback = options.allowLoopback === true;
    this.#resolve = options.resolve ?? systemResolve;
  }

  /** `raw` (relative to `base`, for a redirect's Location) as an absolute http(s) URL, or `invalid_url`. */
  parseUrl(raw: string | URL, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      throw new OutboundError("invalid_url", "not a valid URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new OutboundError("invalid_url", "only http and https URLs are fetched");
    if (url.username || url.password)
      throw new OutboundError("invalid_url", "the URL must not carry credentials");
    if (url.href.length > MAX_OUTBOUND_URL_LENGTH)
      throw new OutboundError("invalid_url", `the URL must be at most ${MAX_OUTBOUND_URL_LENGTH} characters`);
    return url;
  }

  /**
   * Every address `hostname` resolves to, once each has been checked: one refused address refuses
   * the name (a name that also points inside the network is not fetched from at all).
   */
  async addressesOf(hostname: string): Promise<LookupAddress[]> {
    const host = bareHost(hostname);
    if (isIP(host)) {
      this.#check(host, host);
      return [{ address: host, family: isIP(host) }];
    }
    let all: LookupAddress[];
    try {
      all = await this.#resolve(host);
    } catch {
      throw new OutboundError("unresolvable", `${host} could not be resolved`);
    }
    if (all.length === 0) throw new OutboundError("unresolvable", `${host} could not be resolved`);
    for (const a of all) this.#check(host, a.address);
    return all;
  }

  #check(host: string, address: string): void {
    const why = addressRefusal(address, this.#allowLoopback);
    if (!why) return;
    const what = host === address ? `${host} is ${why}` : `${host} resolves to ${why}`;
    throw new OutboundError("refused", `${what}; the server fetches only from public addresses`);
  }

  /**
   * The socket's name lookup: the addresses it may connect to are exactly those just checked.
   * (Node passes `all: true` when it tries several addresses, Happy Eyeballs.)
   */
  readonly #lookup: LookupFunction = (hostname, options, callback) => {
    this.addressesOf(hostname).then(
      (all) => {
        const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
        const usable = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        const first = usable[0];
        if (!first) {
          callback(new OutboundError("unresolvable", `${hostname} has no IPv${family} address`), "");
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (err: OutboundError) => callback(err, ""),
    );
  };

  /** GET (or POST) `raw` through the guard; the answer's body is buffered (at most `maxBytes`). */
  fetch(raw: string | URL, req: OutboundRequest): Promise<OutboundResponse> {
    const maxRedirects = req.method === "POST" ? 0 : (req.maxRedirects ?? DEFAULT_MAX_REDIRECTS);
    return new Promise<OutboundResponse>((resolve, reject) => {
      let current: ClientRequest | undefined;
      let settled = false;
      const settle = (err: unknown, value?: OutboundResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const open = current;
        current = undefined;
        open?.destroy();
        if (value) resolve(value);
        else reject(err);
      };
      const fail = (err: unknown) => settle(err);
      const timer = setTimeout(
        () => fail(new OutboundError("timeout", `no complete answer within ${req.timeoutMs} ms`)),
        req.timeoutMs,
      );
      const tooLarge = () =>
        new OutboundError("too_large", `the answer is larger than ${req.maxBytes} bytes`);

      const hop = (target: URL, redirectsLeft: number) => {
        const host = bareHost(target.hostname);
        if (isIP(host)) {
          // Node does not look a literal address up: it is checked here instead.
          try {
            this.#check(host, host);
          } catch (err) {
            return fail(err);
          }
        }
        const send = target.protocol === "https:" ? httpsRequest : httpRequest;
        // agent: false — a connection of its own, never one pooled for another (checked) address.
        // TLS verifies the certificate for, and sends SNI with, the URL's host name.
        const r = send(target, {
          method: req.method ?? "GET",
          agent: false,
          lookup: this.#lookup,
          headers: { "accept-encoding": "identity", "user-agent": "Parley", ...req.headers },
        });
        current = r;
        const live = () => current === r && !settled;
        r.on("error", (err) => {
          if (!live()) return;
          fail(
            err instanceof OutboundError
              ? err
              : new OutboundError("unreachable", `${target.host}: ${err.message}`),
          );
        });
        r.on("response", (res) => {
          if (!live()) return res.resume();
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          if (REDIRECT_STATUSES.has(status) && location) {
            res.resume();
            current = undefined;
            r.destroy();
            if (redirectsLeft === 0)
              return fail(new OutboundError("redirects", `more than ${maxRedirects} redirects`));
            let next: URL;
            try {
              next = this.parseUrl(location, target);
            } catch (err) {
              return fail(err);
            }
            return hop(next, redirectsLeft - 1);
          }
          if (status < 200 || status > 299) {
            res.resume();
            return fail(new OutboundError("status", `${target.host} answered HTTP ${status}`, status));
          }
          const head: ResponseHead = { url: target, status, headers: res.headers };
          try {
            req.inspect?.(head);
          } catch (err) {
            return fail(err);
          }
          const declared = Number(res.headers["content-length"]);
          if (Number.isFinite(declared) && declared > req.maxBytes) return fail(tooLarge());
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > req.maxBytes) fail(tooLarge());
            else chunks.push(chunk);
          });
          res.on("error", (err) => {
            if (live()) fail(new OutboundError("unreachable", `${target.host}: ${err.message}`));
          });
          res.on("end", () => {
            if (!live()) return;
            if (!res.complete)
              return fail(new OutboundError("unreachable", `${target.host} closed the connection early`));
            settle(undefined, { ...head, body: Buffer.concat(chunks, size) });
          });
        });
        r.end(req.body);
      };

      let first: URL;
      try {
        first = this.parseUrl(raw);
      } catch (err) {
        return fail(err);
      }
      hop(first, maxRedirects);
    });
  }
}
