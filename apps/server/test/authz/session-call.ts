import type { Cell } from "./row.js";

/** A product API call (`/api…`) with the actor's session token, its answer parsed. */
export async function session(c: Pick<Cell, "s" | "me">, method: string, path: string, body?: unknown) {
  const res = await fetch(`${c.s.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${c.me.session}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
