import { productCall } from "../helpers/product-api.js";
import { uniqueName } from "../helpers/test-server.js";
import { verdict } from "./roles.js";
import { A, type Cell, D, type Row, row } from "./row.js";

const asMe = async (c: Cell, method: string, path: string, body?: unknown) =>
  verdict(await productCall(c.s.url, c.me.session, method, path, body));

/** An invite the install's admin made: its id and its token. */
export async function adminInvite(c: Pick<Cell, "s">): Promise<{ id: string; token: string }> {
  const r = await productCall(c.s.url, c.s.admin.token, "POST", "/invites", {});
  if (r.status !== 201) throw new Error(`invite: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.invite.id, token: r.body.token };
}

// Columns:                                          out non ex  mem mod adm ban
/** Run-time settings, admin-made accounts and invites (docs/api.md "Sign-up modes and invites"). */
export const accountsAdminRows: Row[] = [
  row("read the run-time settings", [D, D, D, D, D, A, D], (c) => asMe(c, "GET", "/admin/settings")),
  // Writes the default back: the other rows sign people up while it runs.
  row("change the run-time settings", [D, D, D, D, D, A, D], (c) =>
    asMe(c, "PATCH", "/admin/settings", { membersCanInvite: false }),
  ),
  row("create an account with an initial password", [D, D, D, D, D, A, D], (c) =>
    asMe(c, "POST", "/admin/users", {
      username: uniqueName("made"),
      displayName: "Made by an admin",
      password: "a long enough passphrase",
    }),
  ),
  // Members may invite only when an admin turned `membersCanInvite` on (it is off here).
  row("create an invite", [D, D, D, D, D, A, D], (c) => asMe(c, "POST", "/invites", { maxUses: 1 })),
  row("list invites: the admin's invite is listed", [D, D, D, D, D, A, D], async (c) => {
    const { id } = await adminInvite(c);
    const r = await productCall(c.s.url, c.me.session, "GET", "/invites");
    const v = verdict(r);
    if (v !== A) return v;
    return r.body.invites.some((i: { id: string }) => i.id === id) ? A : D;
  }),
  row("revoke the admin's invite", [D, D, D, D, D, A, D], async (c) => {
    const { id } = await adminInvite(c);
    return asMe(c, "POST", `/invites/${id}/revoke`);
  }),
  // The link's token is all it takes: whoever holds it sees what it offers.
  row("preview an invite by its token", [A, A, A, A, A, A, A], async (c) => {
    const { token } = await adminInvite(c);
    return asMe(c, "POST", "/invites/preview", { token });
  }),
];
