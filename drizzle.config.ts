import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes migrations/NNNN_name.sql (flat layout, which wrangler 4.86 reads).
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
