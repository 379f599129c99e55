import { verdict } from "./roles.js";
import { A, type Cell, D, type Row, row, someone } from "./row.js";
import { session } from "./session-call.js";

/** A fresh session of the actor's own (signing in again), so revoking it leaves the cast's intact. */
async function ownSpareSession(c: Cell): Promise<string | undefined> {
  const r = await fetch(`${c.s.url}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "spare" },
    body: JSON.stringify({ action: "signin", username: c.me.id, password: "correct horse" }),
  });
  if (r.status !== 200) return undefined;
  const list = await session(c, "GET", "/account/sessions");
  return list.body?.sessions?.find((x: { user_agent: string }) => x.user_agent === "spare")?.id;
}

// Columns:                                          out non ex  mem mod adm ban
/** The caller's sessions, and an admin's hold on other accounts. */
export const sessionRows: Row[] = [
  row("list own sessions", [D, A, A, A, A, A, A], async (c) =>
    verdict(await session(c, "GET", "/account/sessions")),
  ),
  row("revoke one of own sessions", [D, A, A, A, A, A, A], async (c) => {
    const id = await ownSpareSession(c);
    return verdict(await session(c, "DELETE", `/account/sessions/${id ?? "none"}`));
  }),
  row("revoke the owner's session by its id", [D, D, D, D, D, D, D], async (c) => {
    const theirs = await session({ ...c, me: c.cast.owner }, "GET", "/account/sessions");
    return verdict(await session(c, "DELETE", `/account/sessions/${theirs.body.sessions[0].id}`));
  }),
  row("sign out own other sessions", [D, A, A, A, A, A, A], async (c) => {
    await ownSpareSession(c);
    return verdict(await session(c, "POST", "/account/sessions/revoke-others"));
  }),
  row("list accounts (admin console)", [D, D, D, D, D, A, D], async (c) =>
    verdict(await session(c, "GET", "/admin/users")),
  ),
  row("sign a user out everywhere", [D, D, D, D, D, A, D], async (c) =>
    verdict(await session(c, "POST", `/admin/users/${await someone(c.s)}/sign-out`)),
  ),
  row("deactivate a user", [D, D, D, D, D, A, D], async (c) =>
    verdict(await session(c, "POST", `/admin/users/${await someone(c.s)}/deactivate`)),
  ),
  row("reactivate a user", [D, D, D, D, D, A, D], async (c) =>
    verdict(await session(c, "POST", `/admin/users/${await someone(c.s)}/reactivate`)),
  ),
];
