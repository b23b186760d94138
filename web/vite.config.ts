import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, transformWithOxc } from "vite";
import solid from "vite-plugin-solid";

const web = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Builds web/src/sw.ts into /sw.js with the list of every file of this build to precache, so the
 * app shell works offline. Runs last ("post"), when the bundle holds the hashed JS, CSS and
 * index.html; the public/ files (manifest, icons) are added from disk.
 */
function serviceWorker(): Plugin {
  const source = web("./src/sw.ts");
  const publicDir = web("./public");
  return {
    name: "fernskat:service-worker",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const hash = createHash("sha256");
      const urls = new Set<string>(["/"]);
      for (const file of Object.values(bundle).sort((a, b) =>
        a.fileName.localeCompare(b.fileName),
      )) {
        if (file.fileName.endsWith(".map")) continue;
        if (file.fileName !== "index.html") urls.add(`/${file.fileName}`);
        hash.update(file.fileName).update(file.type === "chunk" ? file.code : file.source);
      }
      const publicFiles = readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter(
          (entry) => entry.isFile() && !entry.name.startsWith("_") && !entry.name.startsWith("."),
        )
        .map((entry) => join(entry.parentPath, entry.name))
        .sort();
      for (const path of publicFiles) {
        const url = `/${relative(publicDir, path).split(sep).join("/")}`;
        urls.add(url);
        hash.update(url).update(readFileSync(path));
      }
      const { code } = await transformWithOxc(readFileSync(source, "utf8"), source, { lang: "ts" });
      // Registered as a classic script (module workers are not everywhere yet).
      if (/^\s*(import|export)\b/m.test(code)) {
        this.error(`${source} must have no imports or exports: it is built as a classic script`);
      }
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: [
          `const PRECACHE = ${JSON.stringify([...urls].sort())};`,
          `const VERSION = "${hash.digest("hex").slice(0, 16)}";`,
          code,
        ].join("\n"),
      });
    },
  };
}

// `npm run build` writes web/dist, which wrangler serves as static assets.
// For a hot-reloading client run `npx wrangler dev` and `npx vite --config web/vite.config.ts`
// side by side: Vite proxies /api (HTTP and WebSocket) to the Worker.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [solid(), serviceWorker()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    host: "127.0.0.1",
    proxy: {
      "/api": { target: "http://127.0.0.1:8787", ws: true },
    },
  },
});
