import fc from "fast-check";
import { expect, it } from "vitest";
import { anyJson } from "./arbitraries.js";
import { deepMutate } from "./deep-mutate.js";
import { expectDocumented } from "./documented.js";

/** One REST call under fuzz: its body (or query string) is mutated around a valid `base`. */
export interface FuzzEndpoint {
  name: string;
  /** The protocol schema (or server-side query schema) the call validates with. */
  schema: string;
  method: string;
  /** Path with any query already in it; `api_key` is added for /chat calls. */
  path: () => string;
  base: Record<string, unknown>;
  /** Bearer token; defaults to the harness's. `null` sends none. */
  token?: () => string | null;
  /** Fuzz the query string instead of the body. */
  query?: boolean;
}

export interface FuzzTarget {
  url: string;
  apiKey: string;
  token: string;
}

/** Every case of every endpoint, counted so a suite can report its total. */
export const fuzzCounter = { cases: 0 };

/** Node refuses request heads over 16 KiB with a bare 431 before any route runs: stay under 8 KiB. */
const MAX_URL = 8 * 1024;

function withQuery(path: string, params: Record<string, string[]>, apiKey: string): string {
  const build = () => {
    const q = new URLSearchParams();
    for (const [k, values] of Object.entries(params)) for (const v of values) q.append(k.slice(0, 64), v);
    if (path.startsWith("/chat")) q.append("api_key", apiKey);
    const s = q.toString();
    return s ? `${path}${path.includes("?") ? "&" : "?"}${s}` : path;
  };
  let url = build();
  while (url.length > MAX_URL) {
    const values = Object.values(params).flat();
    const longest = Math.max(...values.map((v) => v.length));
    for (const list of Object.values(params)) {
      for (let i = 0; i < list.length; i++)
        if (list[i]!.length === longest) list[i] = list[i]!.slice(0, longest >> 1);
    }
    url = build();
  }
  return url;
}

function asParams(value: unknown): Record<string, string[]> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { q: [JSON.stringify(value)] };
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    const list = Array.isArray(v) ? v : [v];
    out[k] = list
      .map((x) => (typeof x === "string" ? x : (JSON.stringify(x) ?? "")))
      .map((x) => x.replace(/\0/g, ""));
  }
  return out;
}

async function call(target: FuzzTarget, e: FuzzEndpoint, input: unknown) {
  const token = e.token ? e.token() : target.token;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let path = e.path();
  let body: string | undefined;
  if (e.query) {
    path = withQuery(path, asParams(input), target.apiKey);
  } else {
    if (path.startsWith("/chat")) path = withQuery(path, {}, target.apiKey);
    headers["content-type"] = "application/json";
    body = JSON.stringify(input);
  }
  const res = await fetch(`${target.url}${path}`, { method: e.method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new Error(`${res.status} answered with a body that is not JSON: ${text.slice(0, 120)}`);
  }
  return { status: res.status, body: parsed };
}

/**
 * Registers one test per endpoint: `runs` fuzzed inputs, each answered 2xx or a documented 4xx.
 * `build` is called once to name the tests and again inside each (after the fixture is made).
 */
export function fuzzEndpoints(target: () => FuzzTarget, build: () => FuzzEndpoint[], runs: number): void {
  for (const { name } of build()) {
    it(`answers every input sent to ${name} with a documented status`, async () => {
      const e = build().find((x) => x.name === name)!;
      const input = fc.oneof({ weight: 4, arbitrary: deepMutate(e.base) }, { weight: 1, arbitrary: anyJson });
      const property = fc.asyncProperty(input, async (value) => {
        fuzzCounter.cases++;
        const r = await call(target(), e, value);
        expectDocumented(r.status, r.body, `${e.method} ${e.name}: ${JSON.stringify(value)?.slice(0, 200)}`);
      });
      await assertQuietly(property, runs);
    });
  }
}

/**
 * Like fc.assert, but a failure report stays short (counterexamples can be 100 KiB). It names the
 * seed and path to replay with (`PARLEY_SEED`, or fc.assert's `{ seed, path }`) and the shrunk input.
 */
export async function assertQuietly<T>(
  property: fc.IAsyncProperty<T>,
  runs: number,
  parameters: fc.Parameters<T> = {},
): Promise<void> {
  const out = await fc.check(property, { ...parameters, numRuns: runs });
  if (!out.failed) return;
  const example = JSON.stringify(out.counterexample)?.slice(0, 400);
  const error = String(
    out.errorInstance ?? `out of time (skipAllAfterTimeLimit) after ${out.numRuns} cases`,
  ).slice(0, 600);
  throw new Error(
    `failed after ${out.numRuns} cases, shrunk ${out.numShrinks} times ` +
      `{ seed: ${out.seed}, path: "${out.counterexamplePath}" }: ${error}\ninput: ${example}`,
  );
}

/** The server still answers, and nothing was left unhandled. */
export async function expectStillServing(target: FuzzTarget, rejections: unknown[]): Promise<void> {
  expect((await fetch(`${target.url}/readyz`)).status).toBe(200);
  const me = await fetch(`${target.url}/chat/me?api_key=${target.apiKey}`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  expect(me.status).toBe(200);
  expect(rejections).toEqual([]);
}
