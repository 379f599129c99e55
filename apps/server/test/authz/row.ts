import type { TestServer } from "../helpers/test-server.js";
import { uniqueName } from "../helpers/test-server.js";
import type { Fixture } from "./fixture.js";
import { A, type Cast, D, type Expected, type Outcome, type Person, type Role, verdict } from "./roles.js";

/** One cell of the matrix: a role acting on a fixture. */
export interface Cell {
  s: TestServer;
  cast: Cast;
  fx: Fixture;
  role: Role;
  me: Person;
}

/** One row: a call, what each column (ROLES order) should get, and how to make the call. */
export interface Row {
  name: string;
  expect: readonly Expected[];
  /** Each cell gets its own fixture: the call changes what the other cells would see. */
  fresh?: boolean;
  run(c: Cell): Promise<Outcome>;
}

/**
 * `expect` lists the columns up to `banned`; a demoted admin must get exactly what a plain
 * non-member gets, so their column is the non-member's, and a deactivated account exactly what
 * a signed-out user gets.
 */
export const row = (name: string, expect: readonly Expected[], run: Row["run"], fresh = false): Row => ({
  name,
  expect: [...expect, expect[1] as Expected, expect[0] as Expected],
  run,
  fresh,
});

/** The call as `c.me`, read as allow / deny / something unexpected. */
export async function rest(c: Cell, method: string, path: string, body?: unknown): Promise<Outcome> {
  return verdict(await c.s.chat(c.me.token, method, path, body));
}

/** A listing call: allow when the answer (2xx) includes what `found` looks for, else deny. */
export async function listed(
  c: Cell,
  method: string,
  path: string,
  found: (body: any) => boolean,
  body?: unknown,
): Promise<Outcome> {
  const r = await c.s.chat(c.me.token, method, path, body);
  const v = verdict(r);
  if (v !== A) return v;
  return found(r.body) ? A : D;
}

/** The role's own message if it could post one, else the owner's. */
export const ownMessage = (c: Cell) => c.fx.ownMessage[c.role] ?? c.fx.ownerMessage;
export const ownVote = (c: Cell) => c.fx.ownVote[c.role] ?? c.fx.ownerVote;

/** A fresh account to act on (app-wide ban, role change). */
export async function someone(s: TestServer): Promise<string> {
  return (await s.signup(uniqueName("tgt"))).user.id;
}

export { A, D };
