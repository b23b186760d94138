#!/usr/bin/env node
// Renders all 32 cards in the three face styles (and a 12-card phone hand) to
// test-results/cards/*.png for a human to look at, and prints the gzipped size of the card module.
//   node test/visual/cards.mjs [--lang de]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { build } from "vite";
import solid from "vite-plugin-solid";
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from "../e2e/chromium.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(root, "test-results", "cards");
mkdirSync(out, { recursive: true });
const langAt = process.argv.indexOf("--lang");
const lang = langAt > 0 ? process.argv[langAt + 1] : "en";

async function bundle(entry, name, external) {
  await build({
    configFile: false,
    logLevel: "warn",
    root,
    plugins: [solid()],
    build: {
      outDir: join(out, name),
      emptyOutDir: true,
      minify: true,
      lib: {
        entry: join(root, entry),
        formats: external ? ["es"] : ["iife"],
        name: "cards",
        fileName: "cards",
      },
      rolldownOptions: { external: external ? [/^solid-js/] : [] },
    },
  });
}

// The card module as the app would ship it: solid-js is the app's, not the module's.
await bundle("web/src/cards/index.ts", "module", true);
const moduleJs = readFileSync(join(out, "module", "cards.js"));
const moduleCss = readFileSync(join(out, "module", "cards.css"));
console.log(
  `cards module: ${moduleJs.length} B JS (${gzipSync(moduleJs, { level: 9 }).length} B gzipped), ` +
    `${moduleCss.length} B CSS (${gzipSync(moduleCss, { level: 9 }).length} B gzipped)`,
);

await bundle("web/src/cards/preview.tsx", "preview", false);
const html = `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="preview/cards.css">
<style>
body{margin:12px;font:14px system-ui;background:#1d5e3a;color:#fff}
.grid{display:grid;grid-template-columns:repeat(8,auto);gap:8px;justify-content:start}
.grid .card{--card-width:110px}
.hand{display:flex;margin:14px 0}
.hand .card{--card-width:58px;box-shadow:-1px 0 3px #0006;border-radius:4px}
.hand .card+.card{margin-left:-38px}
</style><div id="root"></div><script src="preview/cards.iife.js"></script>`;
writeFileSync(join(out, "preview.html"), html);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
  const url = pathToFileURL(join(out, "preview.html")).href;
  await page.goto(`${url}?lang=${lang}`);
  await page.screenshot({ path: join(out, `sheet-${lang}.png`), fullPage: true });
  const phone = await browser.newPage({
    viewport: { width: 360, height: 400 },
    deviceScaleFactor: 2,
  });
  await phone.goto(`${url}?view=hand&lang=${lang}`);
  await phone.screenshot({ path: join(out, `hand-${lang}.png`) });
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
}
