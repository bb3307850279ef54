// Renders the app icons of the web manifest and iOS (public/icons/*.png) from the two SVGs beside them.
// The PNGs are committed (small, and the build then needs no font); run this after editing an icon SVG.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

/** [output file, source SVG, size in px]: "any" icons have rounded corners; maskable and iOS ones fill the square. */
const ICONS = [
  ['icon-192.png', 'icon.svg', 192],
  ['icon-512.png', 'icon.svg', 512],
  ['icon-maskable-512.png', 'icon-maskable.svg', 512],
  // iOS rounds the corners itself and shows transparency as black: the full-bleed square.
  ['apple-touch-icon-180.png', 'icon-maskable.svg', 180],
];

for (const [out, src, sizePx] of ICONS) {
  const svg = fs.readFileSync(path.join(iconDir, src));
  await sharp(svg, { density: Math.ceil((72 * sizePx) / 512) })
    .resize(sizePx, sizePx)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(iconDir, out));
  console.log(`${out} ${sizePx}x${sizePx}`);
}
