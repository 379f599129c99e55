import type { TestServer } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";

/** How long a change to a user may take to reach their open sockets, on every node. */
const ROLE_CHANGE_WINDOW_MS = 1000;

/** The columns of the matrix: who acts, relative to the fixture's channel. */
export const ROLES = [
  "signedOut",
  "nonMember",
  "exMember",
  "member",
  "channelModerator",
  "admin",
  "banned",
  "demotedAdmin",
  "deactivated",
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
  /** A socket opened before the cast was set up (the demoted admin's, opened while admin). */
  socket?: RawSocket;
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
  const [owner, guest, signedOut, nonMember, exMember, member, channelModerator, banned, demotedAdmin, gone] =
    await Promise.all(Array.from({ length: 10 }, person));
  const res = await fetch(`${s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "signout", token: signedOut!.session }),
  });
  if (res.status !== 204) throw new Error(`signout: ${res.status}`);
  const admin: Person = { id: s.admin.user.id, token: s.admin.streamToken, session: s.admin.token };
  await demoteWithOpenSocket(s, demotedAdmin!);
  await deactivate(s, gone!);
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
      demotedAdmin: demotedAdmin!,
      deactivated: gone!,
    },
  };
}

/** An admin deactivates `p`, whose tokens stay well-formed and unexpired: each must be refused. */
async function deactivate(s: TestServer, p: Person): Promise<void> {
  const res = await fetch(`${s.url}/api/admin/users/${p.id}/deactivate`, {
    method: "POST",
    headers: { authorization: `Bearer ${s.admin.token}` },
  });
  if (res.status !== 200) throw new Error(`deactivate: ${res.status}`);
}

/** A REST answer as the matrix reads it: 2xx allow, 401/403/404 deny, anything else is reported. */
export function verdict(r: { status: number; body: any }): Outcome {
  if (r.status >= 200 && r.status < 300) return A;
  if (r.status === 401 || r.status === 403 || r.status === 404) return D;
  return `${r.status} ${r.body?.error?.code ?? ""}: ${r.body?.error?.message ?? ""}`.trim();
}

/**
 * Makes `p` an admin, opens their socket, then makes them a plain user again: every cell of the
 * column acts on that socket (and with their token), which must have no power left a plain
 * non-member lacks.
 */
async function demoteWithOpenSocket(s: TestServer, p: Person): Promise<void> {
  const setRole = async (role: string) => {
    const r = await s.chat(s.admin.streamToken, "PUT", `/users/${p.id}/role`, { role });
    if (r.status !== 200) throw new Error(`set role ${role}: ${r.status}`);
  };
  await setRole("admin");
  p.socket = await authedSocket(s.wsUrl, s.apiKey, p.token);
  await setRole("user");
  // The matrix runs for minutes: the socket keeps talking so the server does not drop it as dead.
  const sock = p.socket;
  const keepAlive = setInterval(() => sock.send({ type: "health.check" }), 10_000);
  keepAlive.unref();
  void sock.closed.then(() => clearInterval(keepAlive));
  await new Promise((r) => setTimeout(r, ROLE_CHANGE_WINDOW_MS));
}
