import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { outboundRouter } from "./test/support/outbound.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// wrangler.toml's [assets] directory must exist for the workers pool to start, and a fresh
// clone has no web/dist until `npm run build` (STACK.md, gotcha 7).
mkdirSync(here("./web/dist"), { recursive: true });

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["shared/**/*.test.ts", "test/node/**/*.test.ts", "cli/**/*.test.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest(async ({ inject }) => {
            // Started by test/support/global-setup.ts, which runs first.
            const vapid = inject("vapid");
            const standIns = inject("standIns");
            return {
              wrangler: { configPath: here("./wrangler.toml") },
              miniflare: {
                // Secrets the Worker gets from .dev.vars or `wrangler secret put` elsewhere.
                bindings: {
                  TOKEN_SECRET: "test-token-secret-not-for-production-use-0000000",
                  VAPID_PUBLIC_KEY: vapid.publicKey,
                  VAPID_PRIVATE_KEY: vapid.privateKey,
                  // Lets the webhook tests use a plain-http receiver on localhost.
                  DEV_ALLOW_LOCAL_HTTP_WEBHOOKS: "true",
                  TEST_MIGRATIONS: await readD1Migrations(here("./migrations")),
                },
                outboundService: outboundRouter({
                  [new URL(standIns.pushEndpointBase).host]: standIns.pushControl,
                  [new URL(standIns.hookBase).host]: standIns.hookControl,
                }),
              },
            };
          }),
        ],
        test: {
          name: "workers",
          include: ["test/worker/**/*.test.ts"],
          globalSetup: ["./test/support/global-setup.ts"],
          setupFiles: ["./test/worker/apply-migrations.ts"],
        },
      },
    ],
  },
});
