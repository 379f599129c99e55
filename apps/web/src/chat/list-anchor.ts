/**
 * Keeping a virtual list still when older rows are prepended: react-virtuoso's `firstItemIndex`
 * must go down by exactly the number of rows inserted before the rows already shown. The anchor
 * is the first message row (day separators move when a page adds messages of the same day).
 */
export const FIRST_INDEX_BASE = 1_000_000_000;

export interface ListAnchor {
  firstItemIndex: number;
  key: string | undefined;
  position: number;
}

export function anchorRows(
  previous: ListAnchor | null,
  rows: readonly { kind: string; key: string }[],
): ListAnchor {
  const firstMessage = rows.findIndex((r) => r.kind === "message");
  const key = firstMessage === -1 ? undefined : rows[firstMessage]?.key;
  if (!previous || previous.key === undefined) {
    return { firstItemIndex: previous?.firstItemIndex ?? FIRST_INDEX_BASE, key, position: firstMessage };
  }
  const moved = rows.findIndex((r) => r.key === previous.key);
  const firstItemIndex =
    moved === -1 ? previous.firstItemIndex : previous.firstItemIndex - (moved - previous.position);
  return { firstItemIndex, key, position: firstMessage };
}
