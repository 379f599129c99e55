import { PROXIED_IMAGE_TYPES } from "@parley/protocol";

export type ProxiedImageType = (typeof PROXIED_IMAGE_TYPES)[number];

/** Names servers use for these types beside the registered ones. */
const ALIASES: Record<string, ProxiedImageType> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg" };

/** The proxied type a `Content-Type` header declares, or undefined (SVG, HTML, none…). */
export function declaredImageType(header: string | undefined): ProxiedImageType | undefined {
  const mime = (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if ((PROXIED_IMAGE_TYPES as readonly string[]).includes(mime)) return mime as ProxiedImageType;
  return ALIASES[mime];
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** The type the bytes themselves are (their signature), or undefined when none of ours. */
export function sniffImageType(b: Buffer): ProxiedImageType | undefined {
  const ascii = (from: number, to: number) => b.toString("latin1", from, to);
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG)) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (b.length >= 16 && ascii(4, 8) === "ftyp") {
    // ISO-BMFF: the ftyp box holds the major brand (8–12) and, after the minor version, the
    // compatible brands (16–size).
    const end = Math.min(b.readUInt32BE(0), b.length);
    if (AVIF_BRANDS.has(ascii(8, 12))) return "image/avif";
    for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(at, at + 4))) return "image/avif";
  }
  return undefined;
}
