/** Up to two initials of a display name ("Ada Lovelace" → "AL"), for avatars without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  const result = letters
    .map((word) => (word ? Array.from(word)[0] : ""))
    .join("")
    .toUpperCase();
  return result || "?";
}

/** A stable small number for a string, e.g. to pick an avatar colour. */
export function colourIndex(key: string, count: number): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % count;
}
