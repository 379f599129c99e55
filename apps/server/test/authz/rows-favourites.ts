import { A, D, type Row, rest, row } from "./row.js";

// Columns:                                   out non ex  mem mod adm ban
/**
 * Favourites: a star is a member's own flag; an admin who is not a member has no membership to
 * star (not_found), whatever the policies let them do.
 */
export const favouriteRows: Row[] = [
  row("star the channel", [D, D, D, A, A, D, A], (c) =>
    rest(c, "PUT", `${c.fx.path}/star`, { starred: true }),
  ),
  row("unstar the channel", [D, D, D, A, A, D, A], (c) =>
    rest(c, "PUT", `${c.fx.path}/star`, { starred: false }),
  ),
];
