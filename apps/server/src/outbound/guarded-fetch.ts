import { OutboundError, type OutboundGuard } from "./outbound-guard.js";

/** What openid-client's `customFetch` is handed (a subset of fetch's options). */
export interface FetchOptions {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface GuardedFetchLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * A Fetch API function whose every request goes through the outbound guard (openid-client's
 * `customFetch`: discovery, JWKS, token and userinfo requests). GET follows redirects as the guard
 * does, each hop checked; POST follows none. An answer that is not 2xx reaches the caller as that
 * status with an empty JSON body (the guard does not read bodies of failed answers), so the
 * caller fails as it does for any error answer.
 */
export function guardedFetch(guard: OutboundGuard, limits: GuardedFetchLimits) {
  return async (url: string, options: FetchOptions): Promise<Response> => {
    const method = options.method.toUpperCase();
    if (method !== "GET" && method !== "POST")
      throw new OutboundError("invalid_url", `outbound ${method} requests are not made`);
    options.signal?.throwIfAborted();
    try {
      const answer = await guard.fetch(url, {
        method,
        body: method === "POST" ? bodyBytes(options.body) : undefined,
        headers: options.headers,
        maxBytes: limits.maxBytes,
        timeoutMs: limits.timeoutMs,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      return new Response(answer.body.length > 0 ? new Uint8Array(answer.body) : null, {
        status: answer.status,
        headers,
      });
    } catch (err) {
      if (err instanceof OutboundError && err.kind === "status" && err.status)
        return new Response("{}", { status: err.status, headers: { "content-type": "application/json" } });
      throw err;
    }
  };
}

function bodyBytes(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new OutboundError("invalid_url", "outbound request bodies are strings or bytes");
}
