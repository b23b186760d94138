import app from "./app";
import type { Env } from "./env";

export { Table } from "./table";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
