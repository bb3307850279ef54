// Renders the original SVG illustrations (scripts/illustrations) to responsive AVIF, WebP and PNG files in
// public/images, in the widths of src/content/illustrations.json. Skips files newer than their source.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(webRoot, 'scripts/illustrations');
const outDir = path.join(webRoot, 'public/images');
const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, 'src/content/illustrations.json'), 'utf8'));

const FORMATS = {
  avif: (img) => img.avif({ quality: 55, effort: 4 }),
  webp: (img) => img.webp({ quality: 78 }),
  // Flat illustrations compress best as palette PNGs.
  png: (img) => img.png({ palette: true, quality: 90, compressionLevel: 9 }),
};

const isFresh = (out, src) => fs.existsSync(out) && fs.statSync(out).mtimeMs >= fs.statSync(src).mtimeMs;

/** Renders one SVG to `widthPx` wide in every format. */
async function render(name, widthPx, formats = Object.keys(FORMATS)) {
  const src = path.join(sourceDir, `${name}.svg`);
  if (!fs.existsSync(src))
    throw new Error(`Missing illustration ${src}: add the SVG or remove it from illustrations.json`);
  const svg = fs.readFileSync(src);
  let written = 0;
  for (const ext of formats) {
    const out = path.join(outDir, `${name}-${widthPx}.${ext}`);
    if (isFresh(out, src)) continue;
    // Render at the target width straight from the vector (sharper than downscaling a bitmap).
    const density = Math.max(1, Math.round((72 * widthPx) / svgWidth(svg)));
    await FORMATS[ext](sharp(svg, { density }).resize({ width: widthPx })).toFile(out);
    written++;
  }
  return written;
}

function svgWidth(svg) {
  const viewBox = /viewBox="[\d.]+ [\d.]+ ([\d.]+) [\d.]+"/.exec(svg.toString());
  if (!viewBox) throw new Error('Illustrations need a viewBox="0 0 W H" attribute');
  return Number(viewBox[1]);
}

fs.mkdirSync(outDir, { recursive: true });
let written = 0;
const jobs = [];
for (const name of Object.keys(manifest.images)) for (const w of manifest.widths) jobs.push(render(name, w));
for (const n of await Promise.all(jobs)) written += n;
// The Open Graph card: one PNG at the size social networks expect (1200 × 630).
written += await render('og-card', 1200, ['png']);
const og = path.join(outDir, 'og-card-1200.png');
fs.copyFileSync(og, path.join(outDir, 'og-card.png'));
console.log(`images: ${written} file(s) written to ${path.relative(webRoot, outDir)}`);
