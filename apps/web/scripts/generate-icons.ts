/**
 * Renders the app's icons (public/icons/*.png) from the brand mark of public/favicon.svg:
 * `npm run icons -w apps/web`. The PNGs are committed; run this again after changing the mark.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const PUBLIC = fileURLToPath(new URL("../public/", import.meta.url));
const ACCENT = "#1a73e8";
/** The speech bubble of favicon.svg, in its 32 × 32 box (it spans x 5–24, y 9–26). */
const BUBBLE = /<path d="([^"]+)"/.exec(readFileSync(`${PUBLIC}favicon.svg`, "utf8"))?.[1];
if (!BUBBLE) throw new Error("generate-icons: favicon.svg has no bubble path");

/** The bubble centred in the 32 × 32 box and scaled by `scale` around its centre. */
function bubble(scale: number, fill: string): string {
  const [cx, cy] = [14.5, 17.5];
  const transform = `translate(16 16) scale(${scale}) translate(${-cx} ${-cy})`;
  return `<path d="${BUBBLE}" fill="${fill}" transform="${transform}"/>`;
}

function svg(body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`);
}

const ICONS: { file: string; size: number; source: Buffer }[] = [
  // "any": the favicon itself, rounded corners and all.
  { file: "icon-192.png", size: 192, source: readFileSync(`${PUBLIC}favicon.svg`) },
  { file: "icon-512.png", size: 512, source: readFileSync(`${PUBLIC}favicon.svg`) },
  // "maskable": full bleed, the bubble inside the central safe circle (radius 40 %) the OS may crop to.
  {
    file: "icon-maskable-512.png",
    size: 512,
    source: svg(`<rect width="32" height="32" fill="${ACCENT}"/>${bubble(0.8, "#fff")}`),
  },
  // iOS rounds the corners itself and shows transparency as black.
  {
    file: "apple-touch-icon.png",
    size: 180,
    source: svg(`<rect width="32" height="32" fill="${ACCENT}"/>${bubble(0.9, "#fff")}`),
  },
  // The status bar's badge: Android uses only the alpha channel.
  { file: "badge-96.png", size: 96, source: svg(bubble(1.3, "#fff")) },
];

for (const { file, size, source } of ICONS) {
  await sharp(source, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${PUBLIC}icons/${file}`);
  console.log(`public/icons/${file} ${size}×${size}`);
}
