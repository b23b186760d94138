#!/usr/bin/env node
// Draws the app icon (a fan of four cards, one per suit of the four-colour deck, on green baize)
// as SVG and renders the PNG sizes the web app manifest and iOS ask for with headless Chromium.
// Run after changing the drawing: node scripts/make-icons.mjs  (the outputs are committed)
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from "../test/e2e/chromium.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "web", "public", "icons");
mkdirSync(out, { recursive: true });

// Suit symbols in a 20×20 box around the origin: the same paths as web/src/cards/pips.tsx.
const PIPS = [
  [
    "#1b1b1b",
    "M-4.9-5.1a4.9 4.9 0 1 0 9.8 0 4.9 4.9 0 1 0-9.8 0M-10 1.6a4.9 4.9 0 1 0 9.8 0 4.9 4.9 0 1 0-9.8 0M.2 1.6a4.9 4.9 0 1 0 9.8 0 4.9 4.9 0 1 0-9.8 0M-2.6-.4a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0M-1 1Q-1 7.6-4.4 10H4.4Q1 7.6 1 1z",
  ],
  [
    "#13803a",
    "M0-10C2.5-6 10-2.6 10 2.6 10 6 7.6 7.8 5 7.8 3.3 7.8 2 7 1.2 6 1.4 7.8 2.6 9 4.5 10h-9C-2.6 9-1.4 7.8-1.2 6-2 7-3.3 7.8-5 7.8-7.6 7.8-10 6-10 2.6-10-2.6-2.5-6 0-10z",
  ],
  [
    "#d3182b",
    "M0 9.6C-2.6 6-10 1.8-10-3.6-10-7.4-7.3-9.6-4.7-9.6-2.6-9.6-.8-8.4 0-6.5.8-8.4 2.6-9.6 4.7-9.6 7.3-9.6 10-7.4 10-3.6 10 1.8 2.6 6 0 9.6z",
  ],
  ["#f2a200", "M0-10Q3.6-4.4 7.6 0 3.6 4.4 0 10-3.6 4.4-7.6 0-3.6-4.4 0-10z"],
];

export const THEME = "#1b5e3b";

function fan() {
  const cards = PIPS.map(([color, d], i) => {
    const angle = -27 + i * 18;
    return `<g transform="rotate(${angle} 256 452)"><rect x="181" y="132" width="150" height="214" rx="14" fill="#fff" stroke="#0b2e1b" stroke-opacity=".35" stroke-width="3"/><path d="${d}" fill="${color}" transform="translate(${i === 3 ? 256 : 218} ${i === 3 ? 239 : 184}) scale(${i === 3 ? 4.4 : 2.8})"/></g>`;
  });
  return cards.join("");
}

/** @param {"any" | "maskable"} purpose */
function icon(purpose) {
  // A maskable icon may be cut to a circle of 80% of its width: keep the fan inside it.
  const content =
    purpose === "maskable" ? `<g transform="translate(25.6 35) scale(.9)">${fan()}</g>` : fan();
  const background =
    purpose === "maskable"
      ? `<rect width="512" height="512" fill="${THEME}"/>`
      : `<rect x="16" y="16" width="480" height="480" rx="96" fill="${THEME}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${content}</svg>\n`;
}

const files = { "icon.svg": icon("any"), "maskable.svg": icon("maskable") };
for (const [name, svg] of Object.entries(files)) writeFileSync(join(out, name), svg);

const renders = [
  ["icon.svg", 192, "icon-192.png"],
  ["icon.svg", 512, "icon-512.png"],
  ["maskable.svg", 192, "maskable-192.png"],
  ["maskable.svg", 512, "maskable-512.png"],
  // iOS ignores the manifest's icons and rounds the corners itself: a full-bleed square.
  ["maskable.svg", 180, "apple-touch-icon.png"],
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  for (const [source, size, name] of renders) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = files[source] ?? "";
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const png = await page.screenshot({ omitBackground: true });
    // Chromium writes full-colour PNGs; a palette of flat colours is a fraction of the bytes.
    await sharp(png)
      .png({ palette: true, colours: 96, compressionLevel: 9, effort: 10 })
      .toFile(join(out, name));
    await page.close();
    console.log(`${name}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
