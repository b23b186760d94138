import { env, exports } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { notFound, onError } from "../../worker/app";

const get = (path: string) => exports.default.fetch(new Request(`http://fernskat.test${path}`));

describe("GET /api/health", () => {
  it("answers ok with the database reachable", async () => {
    const res = await get("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ ok: true, service: "fernskat", db: "ok" });
    expect(Number.isNaN(Date.parse(String(body.time)))).toBe(false);
  });
});

describe("errors on the wire", () => {
  it("answers an unknown /api route with the JSON 404 envelope", async () => {
    const res = await get("/api/no-such-route");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: "ERR_NOT_FOUND", message: "No route for GET /api/no-such-route" },
    });
  });

  it("answers a wrong method on a known route with the JSON 404 envelope", async () => {
    const res = await exports.default.fetch(
      new Request("http://fernskat.test/api/health", { method: "DELETE" }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "ERR_NOT_FOUND" } });
  });

  it("turns an unexpected exception into ERR_INTERNAL without any detail", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = new Hono()
      .get("/api/boom", () => {
        throw new Error("database password is hunter2");
      })
      .notFound(notFound)
      .onError(onError);
    const res = await app.request("/api/boom", {}, env);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "ERR_INTERNAL", message: "Internal server error" },
    });
    expect(text).not.toMatch(/hunter2|Error:|at /);
    // The detail goes to the Worker's log instead.
    expect(log).toHaveBeenCalledWith("unhandled error", "GET", "/api/boom", expect.any(Error));
    log.mockRestore();
  });
});

describe("the test environment", () => {
  it("has the Worker's secrets from vitest.config.ts, not from a developer's .dev.vars", () => {
    expect(env.TOKEN_SECRET).toBe("test-token-secret-not-for-production-use-0000000");
    expect(
      Uint8Array.from(atob(env.VAPID_PUBLIC_KEY.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
        c.charCodeAt(0),
      ),
    ).toHaveLength(65);
    expect(env.VAPID_SUBJECT).toMatch(/^mailto:/);
  });
});
