/**
 * One typed call of the route table: the route's name gives its method, path, credentials, input
 * and answer types; the answer is checked against the route's schema when checks are on
 * (answer-check.ts). Every REST call of the SDK goes through `ApiCaller.call`.
 */
import type { ApiRouteName, ErrorBody, RouteAuth } from "@parley/protocol";
import { checkAnswer, checksAnswersByDefault } from "./answer-check.js";
import type { ArgsOf, CallAnswer, RouteLine } from "./api-types.js";
import { ChatAnswerError, ChatApiError, ChatNetworkError } from "./errors.js";
import { routeLines } from "./route-lines.js";
import type { FetchLike } from "./types.js";

export interface CallOptions {
  /** Abort after this many ms (default: the caller's, none unless set). */
  timeout?: number;
  signal?: AbortSignal;
  /** Let the request outlive the page (a sign-out sent while it unloads). */
  keepalive?: boolean;
}

/** What a call carries for its route's `auth`, besides its own input. */
export interface Credentials {
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface CallerOptions {
  /** Server origin; the table's paths (`/chat/…`, `/api/…`) are appended. `""`: relative URLs. */
  baseURL: string;
  /** fetch implementation; defaults to `globalThis.fetch`, looked up at each call. */
  fetch?: FetchLike | undefined;
  timeout?: number | undefined;
  /**
   * Check every answer against the route table's schema (a ChatAnswerError when it breaks it).
   * Default: on, but in a production build (`process.env.NODE_ENV === "production"`).
   */
  validateAnswers?: boolean | undefined;
  credentials: (auth: RouteAuth) => Credentials;
}

/** An input as it goes on the wire, whatever the route. */
interface RawInput {
  params?: object;
  query?: object;
  body?: unknown;
}

/** The ChatApiError of an error answer: its `{ error: { code, message, fields } }`, when it has one. */
export function apiError(status: number, text: string, retryAfterHeader?: string | null): ChatApiError {
  let err: ErrorBody["error"] | undefined;
  try {
    err = text ? (JSON.parse(text) as Partial<ErrorBody>).error : undefined;
  } catch {
    err = undefined;
  }
  const retryAfter = retryAfterHeader ? Number(retryAfterHeader) : undefined;
  return new ChatApiError(
    status,
    err?.code ?? (status >= 500 ? "internal" : "bad_request"),
    err?.message ?? (text || `HTTP ${status}`),
    err?.fields,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
}

export class ApiCaller {
  readonly #options: CallerOptions;
  readonly #origin: string;
  /** Whether answers are checked against the table's schemas. */
  readonly validatesAnswers: boolean;

  constructor(options: CallerOptions) {
    this.#options = options;
    this.#origin = options.baseURL.replace(/\/+$/, "");
    this.validatesAnswers = options.validateAnswers ?? checksAnswersByDefault();
  }

  /** The URL of route `name` with its path parameters, its query and the credentials' parameters. */
  url(name: ApiRouteName, input: RawInput = {}): string {
    const line: RouteLine = routeLines[name];
    const params = (input.params ?? {}) as Record<string, unknown>;
    const path = line.path.replace(/\{([^}]+)\}/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`${name}: path parameter ${key} is missing`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams(this.#options.credentials(line.auth).query);
    for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    return `${this.#origin}${path}${qs ? `?${qs}` : ""}`;
  }

  /** The headers a request of `auth` carries (the bearer token, when it takes one). */
  headers(auth: RouteAuth): Record<string, string> {
    return { ...this.#options.credentials(auth).headers };
  }

  /** Calls route `name`: a ChatApiError for an error answer, a ChatNetworkError when none came. */
  call<N extends ApiRouteName>(name: N, ...args: ArgsOf<N, CallOptions>): Promise<CallAnswer<N>> {
    const [input, options] = args as unknown as [RawInput | undefined, CallOptions | undefined];
    return this.#request(name, input ?? {}, options) as Promise<CallAnswer<N>>;
  }

  async #request(name: ApiRouteName, input: RawInput, options: CallOptions = {}): Promise<unknown> {
    const line: RouteLine = routeLines[name];
    const headers: Record<string, string> = { Accept: "application/json", ...this.headers(line.auth) };
    const init: RequestInit = { method: line.method, headers };
    if (input.body !== undefined || (line.method !== "GET" && line.method !== "DELETE")) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(input.body ?? {});
    }
    if (options.keepalive) init.keepalive = true;
    const response = await this.#fetch(`${line.method} ${line.path}`, this.url(name, input), init, options);
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw apiError(response.status, text || response.statusText, response.headers.get("retry-after"));
    }
    const answer = line.binary ? await response.blob() : await this.#json(name, response);
    if (this.validatesAnswers) await checkAnswer(name, response.status, line.binary ? undefined : answer);
    return answer;
  }

  async #json(name: ApiRouteName, response: Response): Promise<unknown> {
    const text = await response.text().catch(() => "");
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ChatAnswerError(name, response.status, [`no JSON: ${(error as Error).message}`]);
    }
  }

  async #fetch(label: string, url: string, init: RequestInit, options: CallOptions = {}): Promise<Response> {
    const f = this.#options.fetch ?? (globalThis.fetch as FetchLike | undefined);
    if (!f) throw new Error("No fetch implementation: pass options.fetch");
    const timeout = options.timeout ?? this.#options.timeout;
    const controller = timeout !== undefined || options.signal ? new AbortController() : undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    if (controller) {
      init.signal = controller.signal;
      if (timeout !== undefined) {
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout);
      }
      if (options.signal) {
        if (options.signal.aborted) controller.abort();
        else options.signal.addEventListener("abort", () => controller.abort(), { once: true });
      }
    }
    try {
      return await f(url, init);
    } catch (error) {
      if (timedOut) throw new ChatNetworkError(`${label} timed out after ${timeout} ms`, error, "timeout");
      if (controller?.signal.aborted) throw new ChatNetworkError(`${label} aborted`, error, "aborted");
      throw new ChatNetworkError(`${label} failed: ${(error as Error)?.message ?? error}`, error);
    } finally {
      if (timer) clearTimeout(timer);
    }
  }
}
