import { generate } from "otplib";
import { api } from "../accounts/password-harness.js";
import { verdict } from "./roles.js";
import { A, type Cell, D, type Row, row } from "./row.js";

/** A product API call with the actor's session token, read as the matrix reads answers. */
const own = async (c: Cell, method: string, path: string, body?: unknown) =>
  verdict(await api(c.s, method, path, { token: c.me.session, body }));

const code = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * Enrols the actor's own account, replaces its recovery codes and turns it off again with the
 * password, so the cast keeps signing in without a second step.
 */
async function roundTrip(c: Cell) {
  const started = await api(c.s, "POST", "/2fa/enrolment", { token: c.me.session });
  if (verdict(started) !== A) return verdict(started);
  const { secret } = started.body;
  for (const [path, body] of [
    ["/2fa/enrolment/confirm", { code: await code(secret) }],
    // One step ahead: the confirmation used the current one.
    ["/2fa/recovery-codes", { code: await code(secret, 1) }],
    ["/2fa/disable", { password: "correct horse" }],
  ] as const) {
    const v = await own(c, "POST", path, body);
    if (v !== A) return `${path}: ${v}`;
  }
  return A;
}

/** A call that takes no session, with a challenge no sign-in handed out: refused whoever calls. */
const forged = (c: Cell, path: string, body: Record<string, unknown>) =>
  own(c, "POST", path, { challenge: `forged-${c.role}-${Math.random().toString(36).slice(2)}`, ...body });

// Columns:                                          out non ex  mem mod adm ban
/** Two-factor sign-in: each account manages its own; the second step needs a challenge it was given. */
export const twoFactorRows: Row[] = [
  row("own two-factor status", [D, A, A, A, A, A, A], (c) => own(c, "GET", "/2fa")),
  row("start enrolling an authenticator app", [D, A, A, A, A, A, A], (c) => own(c, "POST", "/2fa/enrolment")),
  row("confirm, replace recovery codes, turn two-factor off", [D, A, A, A, A, A, A], roundTrip),
  row("enrol during sign-in with a forged challenge", [D, D, D, D, D, D, D], (c) =>
    forged(c, "/2fa/challenge-enrolment", {}),
  ),
  row("second sign-in step with a forged challenge", [D, D, D, D, D, D, D], (c) =>
    forged(c, "/auth", { action: "signin_2fa", code: "123456" }),
  ),
];
