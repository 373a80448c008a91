/**
 * Renders the artwork of the landing's carousel cards (each item's `image` in
 * src/features/landing/components/portfolio/data.ts, an 800×600 SVG in
 * web/public/portfolio/) to WebP: `<name>.webp` (800 px wide) and
 * `<name>@2x.webp` (1600 px wide), written beside each SVG and committed.
 *
 * Why raster: the artwork is SVG with text, and a browser lays out and paints
 * SVG images on the page's main thread (text shaping included), which made the
 * four cards in the first screenful the largest blocking work of the landing's
 * load. A WebP is decoded off the main thread. The SVGs stay the source of
 * truth, and the before/after dialog and "View Project" links still show them.
 *
 * Run after changing an SVG: `npx tsx web/scripts/rasterize-portfolio.mjs`
 * (Playwright's Chromium: Debian's /usr/bin/chromium, or CHROMIUM_PATH).
 * Quality 90 keeps the text in the artwork crisp.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
/* global Image, document -- inside page.evaluate, which runs in the browser */
import { chromium } from '@playwright/test';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'portfolio');
const WIDTHS = [
  [800, ''],
  [1600, '@2x'],
];
const QUALITY = 0.9;
// tsx runs this script, so it can read the TypeScript catalogue of the portfolio.
const { PORTFOLIO, cardArtwork } = await import('../src/features/landing/components/portfolio/data.ts');
const files = PORTFOLIO.flatMap((c) => c.items.map((item) => cardArtwork(item.image)));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const file of files) {
  const svg = readFileSync(join(dir, file), 'utf8');
  for (const [width, suffix] of WIDTHS) {
    const dataUrl = await page.evaluate(
      async ({ svg, width, quality }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = Math.round((width * img.naturalHeight) / img.naturalWidth);
        canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', quality);
      },
      { svg, width, quality: QUALITY },
    );
    if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`${file}: this Chromium cannot encode WebP`);
    const out = file.replace(/\.svg$/, `${suffix}.webp`);
    const bytes = Buffer.from(dataUrl.split(',')[1], 'base64');
    writeFileSync(join(dir, out), bytes);
    console.log(`${out}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
await browser.close();
