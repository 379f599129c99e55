import type { HighlightRange } from "@parley/protocol";
import type { Parent, PhrasingContent, Root, Text } from "mdast";

/**
 * Marks search matches in the parsed message: the server's ranges are offsets into the raw text,
 * and a text node knows where it came from (`position.offset`), so a match is marked where its
 * characters were written. A text node whose source is longer than its value (an escape, an
 * entity) is left unmarked rather than marked in the wrong place. Runs before line breaks are
 * turned into `<br>`, which makes text nodes without a position.
 */
export function remarkHighlight(ranges: readonly HighlightRange[]) {
  return () => (tree: Root) => {
    if (ranges.length > 0) visit(tree, ranges);
  };
}

function visit(node: Parent, ranges: readonly HighlightRange[]): void {
  const out: typeof node.children = [];
  for (const child of node.children) {
    if (child.type === "text") out.push(...split(child, ranges));
    else {
      if ("children" in child) visit(child, ranges);
      out.push(child);
    }
  }
  node.children = out;
}

function split(node: Text, ranges: readonly HighlightRange[]): PhrasingContent[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || end - start !== node.value.length) return [node];
  const parts: PhrasingContent[] = [];
  let at = start;
  for (const r of ranges) {
    const from = Math.max(r.start, at);
    const to = Math.min(r.end, end);
    if (from >= to) continue;
    if (from > at) parts.push({ type: "text", value: node.value.slice(at - start, from - start) });
    parts.push(mark(node.value.slice(from - start, to - start)));
    at = to;
  }
  if (parts.length === 0) return [node];
  if (at < end) parts.push({ type: "text", value: node.value.slice(at - start) });
  return parts;
}

/** A `<mark>` in the rendered tree: remark-rehype makes an element of any node with `hName`. */
function mark(value: string): PhrasingContent {
  return {
    type: "emphasis",
    data: { hName: "mark", hProperties: { className: ["search-mark"] } },
    children: [{ type: "text", value }],
  };
}
