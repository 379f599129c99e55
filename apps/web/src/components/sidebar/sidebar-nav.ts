/** Moving through the sidebar by keyboard: the next or previous channel, or unread channel. */

export interface NavRow {
  cid: string;
  unread: boolean;
}

/**
 * The channel `step` rows from `current` in `rows` (the sidebar's visible order), wrapping at
 * the ends; with `unreadOnly`, the nearest unread one that way (never `current` itself). With no
 * current channel in the list, forward starts at the top and backward at the bottom.
 */
export function stepChannel(
  rows: readonly NavRow[],
  current: string | null,
  step: 1 | -1,
  unreadOnly: boolean,
): string | null {
  const n = rows.length;
  if (n === 0) return null;
  const at = current === null ? -1 : rows.findIndex((r) => r.cid === current);
  const start = at === -1 ? (step === 1 ? -1 : n) : at;
  for (let i = 1; i <= n; i += 1) {
    const row = rows[(((start + step * i) % n) + n) % n];
    if (!row || row.cid === current) continue;
    if (!unreadOnly || row.unread) return row.cid;
  }
  return null;
}

/** A menu or a dialog is open: the arrows are theirs. */
export function overlayOpen(doc: Document = document): boolean {
  return doc.querySelector('dialog[open], [role="menu"], [role="dialog"], [role="listbox"]') !== null;
}
