import { A, D, type Row, rest, row } from "./row.js";

// Columns:                                          out non ex  mem mod adm ban
/** The read-receipt privacy setting and who has read a message. */
export const readReceiptRows: Row[] = [
  row("own privacy settings", [D, A, A, A, A, A, A], (c) => rest(c, "GET", "/me/privacy")),
  row("change own privacy settings", [D, A, A, A, A, A, A], (c) =>
    rest(c, "PATCH", "/me/privacy", { share_read_receipts: true }),
  ),
  row("list who has read a message", [D, D, D, A, A, A, A], (c) =>
    rest(c, "GET", `/messages/${c.fx.ownerMessage}/readers`),
  ),
];
