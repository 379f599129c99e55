/**
 * A message's markdown as plain text, for the places that cannot render it: notifications (Web
 * Push, the tab's own), email digests, the sidebar's preview line. Markers are dropped and what
 * they mark is kept: `**bold**` → bold, `[docs](https://…)` → docs, `![chart](…)` → chart, a
 * code fence → its code, a list or quote marker → the line. Not a parser: text reads as the
 * rendered message reads, without running one where a bundle or a worker has no room for it.
 */
export function plainText(markdown: string, options: { keepLines?: boolean } = {}): string {
  const text = markdown
    .replace(/^[ \t]{0,3}(`{3,}|~{3,})[^\n]*$/gm, "")
    .replace(/^[ \t]{0,3}(>\s?)+/gm, "")
    .replace(/^[ \t]{0,3}(#{1,6}|[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/gm, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<((?:https?:|mailto:)[^>\s]+)>/gi, "$1")
    .replace(/(\*\*|__|~~|`)/g, "")
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=$|[\s).,!?:;])/g, "$1$2")
    .replace(/\\([\\`*_{}[\]()#+\-.!~|>])/g, "$1");
  if (!options.keepLines) return text.replace(/\s+/g, " ").trim();
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
