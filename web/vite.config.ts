import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import solid from "vite-plugin-solid";

// `npm run build` writes web/dist, which wrangler serves as static assets.
// For a hot-reloading client run `npx wrangler dev` and `npx vite --config web/vite.config.ts`
// side by side: Vite proxies /api (HTTP and WebSocket) to the Worker.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [solid()],
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
