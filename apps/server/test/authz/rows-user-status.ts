import { A, D, type Row, rest, row } from "./row.js";

// Columns:                                          out non ex  mem mod adm ban
/** A user's own status: anyone signed in sets and clears theirs, whatever their channels. */
export const userStatusRows: Row[] = [
  row("set own status", [D, A, A, A, A, A, A], (c) =>
    rest(c, "PUT", "/me/status", { emoji: "📅", text: "In a meeting" }),
  ),
  row("clear own status", [D, A, A, A, A, A, A], (c) => rest(c, "DELETE", "/me/status")),
];
