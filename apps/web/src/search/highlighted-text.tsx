import type { HighlightRange } from "@parley/protocol";
import { highlightSegments } from "./highlight-ranges";

/** Text with its matched parts in <mark> elements: built from ranges, never from HTML. */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly HighlightRange[] }) {
  const segments = highlightSegments(text, ranges);
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <mark key={i} className="search-mark">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
