import type { ErrorHandler, NotFoundHandler } from "hono";
import { Hono } from "hono";
import type { Env } from "./env";

/** Every error on the wire has this shape (see DESIGN.md, "Errors on the wire"). */
export interface ErrorBody {
  error: { code: string; message: string };
}

export interface Health {
  ok: true;
  service: "fernskat";
  /** "ok" when D1 answered a trivial query. */
  db: "ok" | "unavailable";
  time: string;
}

export const notFound: NotFoundHandler = (c) =>
  c.json<ErrorBody>(
    { error: { code: "ERR_NOT_FOUND", message: `No route for ${c.req.method} ${c.req.path}` } },
    404,
  );

/** Last resort: log the error, answer without any detail of it (no message, no stack). */
export const onError: ErrorHandler = (err, c) => {
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json<ErrorBody>(
    { error: { code: "ERR_INTERNAL", message: "Internal server error" } },
    500,
  );
};

const app = new Hono<{ Bindings: Env }>();

const routes = app.get("/api/health", async (c) => {
  let db: Health["db"] = "ok";
  try {
    await c.env.DB.prepare("SELECT 1").first();
  } catch {
    db = "unavailable";
  }
  return c.json<Health>({ ok: true, service: "fernskat", db, time: new Date().toISOString() });
});

app.notFound(notFound);
app.onError(onError);

/** The API's type, for a typed client (`hc<AppType>`) in web/. */
export type AppType = typeof routes;

export default app;
