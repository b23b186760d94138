// Types for the workerd tests (no imports here: this file must stay ambient).
declare namespace Cloudflare {
  interface Env {
    /** D1 migrations read in vitest.config.ts, applied by apply-migrations.ts. */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
  interface GlobalProps {
    mainModule: typeof import("../../worker/index");
    durableNamespaces: "Table";
  }
}
