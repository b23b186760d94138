// setupFiles entry: apply the real D1 migrations (drizzle-kit output) before each test file.
// applyD1Migrations records what it applied in d1_migrations, so re-running is a no-op.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
