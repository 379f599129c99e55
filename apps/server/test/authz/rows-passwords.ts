import { verdict } from "./roles.js";
import { A, type Cell, D, type Row, row, someone } from "./row.js";
import { session } from "./session-call.js";

/** Changes the actor's password and back, so the cast keeps signing in as before. */
async function changeOwnPassword(c: Cell) {
  const to = (current_password: string, new_password: string) =>
    session(c, "POST", "/account/password", { current_password, new_password });
  const first = verdict(await to("correct horse", "a different horse"));
  if (first !== A) return first;
  return verdict(await to("a different horse", "correct horse"));
}

/** `expected` for a caller refused for what the server lacks or the input is, not who called. */
async function refusedAs(c: Cell, code: string, method: string, path: string, body?: unknown) {
  const r = await session(c, method, path, body);
  return r.body?.error?.code === code ? A : verdict(r);
}

// Columns:                                          out non ex  mem mod adm ban
/** Password change, admins' reset links, reset by link and by email. */
export const passwordRows: Row[] = [
  row("change own password", [D, A, A, A, A, A, A], changeOwnPassword),
  row("make a password reset link for a user", [D, D, D, D, D, A, D], async (c) =>
    verdict(await session(c, "POST", `/admin/users/${await someone(c.s)}/password-reset`)),
  ),
  // No credentials needed: the link's token is the proof, and a forged one proves nothing.
  row("use a reset link with a forged token", [D, D, D, D, D, D, D], async (c) => {
    const r = await session(c, "POST", "/password-reset", {
      token: `forged-${c.role}`,
      new_password: "a different horse",
    });
    return r.body?.error?.code === "reset_link_invalid" ? D : verdict(r);
  }),
  // This server has no SMTP_URL: whoever asks is told email is not sent here.
  row("ask for a reset email", [A, A, A, A, A, A, A], (c) =>
    refusedAs(c, "bad_request", "POST", "/password-reset/request", { username_or_email: c.cast.owner.id }),
  ),
];
