import type { TestServer } from "../helpers/test-server.js";

/** The columns of the matrix: who acts, relative to the fixture's channel. */
export const ROLES = [
  "signedOut",
  "nonMember",
  "exMember",
  "member",
  "channelModerator",
  "admin",
  "banned",
] as const;
export type Role = (typeof ROLES)[number];

export const A = "allow" as const;
export const D = "deny" as const;
export type Expected = typeof A | typeof D;
/** "allow", "deny", or what else happened (an unexpected status, a missing frame…). */
export type Outcome = Expected | string;

export interface Person {
  id: string;
  /** The chat token (streamToken); a signed-out user's is revoked. */
  token: string;
  /** The product session token (for /api/profile). */
  session: string;
}

/**
 * One account per column, plus the channel owner (who builds every fixture) and a plain member
 * `guest` that calls act on. The admin is the install's first account; the signed-out user
 * signed up and signed out, so both their tokens are revoked.
 */
export interface Cast {
  actors: Record<Role, Person>;
  owner: Person;
  guest: Person;
}

export async function castOf(s: TestServer): Promise<Cast> {
  const person = async (): Promise<Person> => {
    const a = await s.signup();
    return { id: a.user.id, token: a.streamToken, session: a.token };
  };
  const [owner, guest, signedOut, nonMember, exMember, member, channelModerator, banned] = await Promise.all(
    Array.from({ length: 8 }, person),
  );
  const res = await fetch(`${s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "signout", token: signedOut!.session }),
  });
  if (res.status !== 204) throw new Error(`signout: ${res.status}`);
  const admin: Person = { id: s.admin.user.id, token: s.admin.streamToken, session: s.admin.token };
  return {
    owner: owner!,
    guest: guest!,
    actors: {
      signedOut: signedOut!,
      nonMember: nonMember!,
      exMember: exMember!,
      member: member!,
      channelModerator: channelModerator!,
      admin,
      banned: banned!,
    },
  };
}

/** A REST answer as the matrix reads it: 2xx allow, 401/403/404 deny, anything else is reported. */
export function verdict(r: { status: number; body: any }): Outcome {
  if (r.status >= 200 && r.status < 300) return A;
  if (r.status === 401 || r.status === 403 || r.status === 404) return D;
  return `${r.status} ${r.body?.error?.code ?? ""}: ${r.body?.error?.message ?? ""}`.trim();
}
