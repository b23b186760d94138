import { and, asc, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { ErrorHandler, NotFoundHandler } from "hono";
import { Hono } from "hono";
import { defaultSeriesLength, isValidSeriesLength } from "../shared/engine";
import { isValidNonce } from "../shared/fairness";
import { player_tables } from "./db/schema";
import { randomId, signToken, verifyToken } from "./lib/auth";
import { type AppContext, type AppEnv, requirePlayer } from "./lib/context";
import { insertPlayer, playerName, playerProfile } from "./lib/d1";
import { ApiError, type ErrorBody, onlyFields, optionalInteger, readJsonObject } from "./lib/http";
import { readName } from "./lib/names";
import { settingsRoutes } from "./routes/settings";
import type { Failure } from "./table";

export type { ErrorBody } from "./lib/http";

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

/** Known errors become their envelope; anything else is logged and answered without detail. */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof ApiError) return c.json(err.body(), err.status);
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json<ErrorBody>(
    { error: { code: "ERR_INTERNAL", message: "Internal server error" } },
    500,
  );
};

const TABLE_ID_PATTERN = /^[A-Za-z0-9_-]{14}$/;
const INVITE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const MOVE_HOURS = { min: 1, max: 7 * 24, default: 24 };

const app = new Hono<AppEnv>();

// Every API answer: no caching (views change with every move), no referrer, no sniffing, no framing.
app.use("*", async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (c.res.status === 101) return;
  headers.set("Cache-Control", "no-store");
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
});

// Rate limits: per address for everyone, per player for anyone with a token.
app.use("/api/*", async (c, next) => {
  const address = c.req.header("CF-Connecting-IP") ?? "unknown";
  const { success: addressOk } = await c.env.IP_LIMITER.limit({ key: address });
  if (!addressOk)
    throw new ApiError(
      429,
      "ERR_RATE_LIMITED",
      "too many requests from your address; wait a few seconds",
    );
  const token = bearerToken(c);
  const playerId = token ? await verifyToken(c.env.TOKEN_SECRET, token) : null;
  if (token && !playerId) throw new ApiError(401, "ERR_BAD_TOKEN", "this token is not valid");
  if (playerId) {
    const { success } = await c.env.TOKEN_LIMITER.limit({ key: playerId });
    if (!success)
      throw new ApiError(429, "ERR_RATE_LIMITED", "too many requests; wait a few seconds");
  }
  c.set("playerId", playerId);
  await next();
});

function bearerToken(c: AppContext): string | null {
  const header = c.req.header("Authorization");
  if (header !== undefined) {
    const match = /^Bearer ([A-Za-z0-9_.-]{1,200})$/.exec(header);
    if (!match) throw new ApiError(401, "ERR_BAD_TOKEN", "send Authorization: Bearer <token>");
    return match[1] as string;
  }
  // Browsers cannot set headers on a WebSocket, so the live endpoint takes the token in the query.
  if (c.req.path.endsWith("/live")) return c.req.query("token") ?? null;
  return null;
}

function tableStub(c: AppContext) {
  const id = c.req.param("id") ?? "";
  if (!TABLE_ID_PATTERN.test(id)) throw new ApiError(404, "ERR_TABLE_NOT_FOUND", "no such table");
  return c.env.TABLE.get(c.env.TABLE.idFromName(id));
}

/** The envelope for a failed table call; a stale version also carries the current view. */
function failure(
  c: AppContext,
  outcome: Pick<Failure, "status" | "code" | "message"> & { view?: unknown },
) {
  const body: ErrorBody & { view?: unknown } = {
    error: { code: outcome.code, message: outcome.message },
  };
  if (outcome.view) body.view = outcome.view;
  return c.json(body, outcome.status);
}

function readInvite(value: unknown): string {
  if (typeof value !== "string" || !INVITE_PATTERN.test(value)) {
    throw new ApiError(400, "ERR_BAD_INVITE", "invite must be the code from the invite link");
  }
  return value;
}

function readNonce(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!isValidNonce(value))
    throw new ApiError(400, "ERR_BAD_NONCE", "a nonce is 1-64 characters of A-Z a-z 0-9 _ -");
  return value;
}

async function profileOf(
  c: AppContext,
  playerId: string,
): Promise<{ name: string; autoPlay: boolean }> {
  const profile = await playerProfile(c.env.DB, playerId);
  if (profile === null)
    throw new ApiError(401, "ERR_UNKNOWN_PLAYER", "this player does not exist any more");
  return profile;
}

async function nameOf(c: AppContext, playerId: string): Promise<string> {
  const name = await playerName(c.env.DB, playerId);
  if (name === null)
    throw new ApiError(401, "ERR_UNKNOWN_PLAYER", "this player does not exist any more");
  return name;
}

app.route("/api/me", settingsRoutes);

const routes = app
  .get("/api/health", async (c) => {
    let db: Health["db"] = "ok";
    try {
      await c.env.DB.prepare("SELECT 1").first();
    } catch {
      db = "unavailable";
    }
    return c.json<Health>({ ok: true, service: "fernskat", db, time: new Date().toISOString() });
  })
  .post("/api/players", async (c) => {
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["name"]);
    const name = readName(body);
    const id = randomId(16);
    await insertPlayer(c.env.DB, id, name);
    return c.json({ player: { id, name }, token: await signToken(c.env.TOKEN_SECRET, id) }, 201);
  })
  .get("/api/me", async (c) => {
    const playerId = requirePlayer(c);
    const name = await nameOf(c, playerId);
    const rows = await drizzle(c.env.DB)
      .select()
      .from(player_tables)
      .where(and(eq(player_tables.player_id, playerId)))
      .orderBy(
        desc(player_tables.to_move),
        asc(player_tables.deadline_at),
        desc(player_tables.updated_at),
      )
      .limit(200)
      .all();
    return c.json({
      player: { id: playerId, name },
      tables: rows.map((row) => ({
        id: row.table_id,
        seat: row.seat,
        status: row.status,
        yourTurn: row.to_move,
        turn: row.turn_seat === null ? null : { seat: row.turn_seat, name: row.turn_name },
        deadline: row.deadline_at ? row.deadline_at.toISOString() : null,
        dealNumber: row.deal_no,
        deals: row.deals,
        standing: row.standing_json ?? null,
      })),
    });
  })
  .post("/api/tables", async (c) => {
    const playerId = requirePlayer(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["seats", "deals", "bots", "moveHours", "nonce", "nonceHash"]);
    const players = body.seats;
    if (players !== 3 && players !== 4)
      throw new ApiError(400, "ERR_BAD_FIELD", "seats must be 3 or 4");
    const deals = optionalInteger(body, "deals", 1, 96) ?? defaultSeriesLength(players);
    if (!isValidSeriesLength(players, deals)) {
      throw new ApiError(400, "ERR_BAD_FIELD", `deals must be a multiple of ${players} up to 96`);
    }
    const bots = optionalInteger(body, "bots", 0, players - 1) ?? 0;
    const moveHours =
      optionalInteger(body, "moveHours", MOVE_HOURS.min, MOVE_HOURS.max) ?? MOVE_HOURS.default;
    const nonce = readNonce(body.nonce);
    const nonceHash = body.nonceHash;
    if (nonceHash !== undefined) {
      if (typeof nonceHash !== "string" || !/^[0-9a-f]{64}$/.test(nonceHash)) {
        throw new ApiError(
          400,
          "ERR_BAD_FIELD",
          "nonceHash is the SHA-256 of your nonce, 64 lowercase hex digits",
        );
      }
      if (nonce !== undefined)
        throw new ApiError(400, "ERR_BAD_FIELD", "send the nonce or its hash, not both");
    }
    const { name, autoPlay } = await profileOf(c, playerId);
    const id = randomId(10).slice(0, 14);
    const invite = randomId(16);
    const stub = c.env.TABLE.get(c.env.TABLE.idFromName(id));
    const outcome = await stub.create({
      id,
      invite,
      players,
      deals,
      moveHours,
      bots,
      creator: { id: playerId, name },
      autoPlay,
      origin: new URL(c.req.url).origin,
      ...(nonce ? { nonce } : {}),
      ...(typeof nonceHash === "string" ? { nonceHash } : {}),
    });
    if (!outcome.ok) return failure(c, outcome);
    return c.json(
      { table: { id, invite }, seat: outcome.value.seat, commitments: outcome.value.commitments },
      201,
    );
  })
  .post("/api/tables/:id/join", async (c) => {
    const playerId = requirePlayer(c);
    const stub = tableStub(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["invite", "nonce"]);
    const invite = readInvite(body.invite);
    const nonce = readNonce(body.nonce);
    const profile = await profileOf(c, playerId);
    const outcome = await stub.join({ id: playerId, ...profile }, invite, nonce);
    if (!outcome.ok) return failure(c, outcome);
    return c.json({ seat: outcome.value.seat }, 200);
  })
  .get("/api/tables/:id", async (c) => {
    const stub = tableStub(c);
    const inviteParam = c.req.query("invite");
    const invite = inviteParam === undefined ? null : readInvite(inviteParam);
    const playerId = c.get("playerId");
    if (!playerId && invite === null)
      throw new ApiError(401, "ERR_NO_TOKEN", "send a token, or the invite to watch");
    const outcome = await stub.view(playerId, invite);
    if (!outcome.ok) return failure(c, outcome);
    const view = outcome.value;
    const etag = `W/"${view.version}-${view.seat ?? "s"}"`;
    if (c.req.header("If-None-Match") === etag) {
      return c.body(null, 304, { ETag: etag });
    }
    return c.json(view, 200, { ETag: etag });
  })
  .post("/api/tables/:id/actions", async (c) => {
    const playerId = requirePlayer(c);
    const stub = tableStub(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["version", "action"]);
    if (typeof body.version !== "number" || !Number.isInteger(body.version) || body.version < 0) {
      throw new ApiError(
        400,
        "ERR_BAD_FIELD",
        "version must be the table version your view showed",
      );
    }
    if (body.action === undefined) throw new ApiError(400, "ERR_BAD_FIELD", "action is missing");
    const outcome = await stub.act(playerId, body.version, body.action);
    if (!outcome.ok) return failure(c, outcome);
    return c.json(outcome.value, 200);
  })
  .post("/api/tables/:id/bid-limit", async (c) => {
    const playerId = requirePlayer(c);
    const stub = tableStub(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["limit"]);
    const limit = body.limit;
    if (limit !== null && (typeof limit !== "number" || !Number.isInteger(limit))) {
      throw new ApiError(400, "ERR_BAD_FIELD", "limit must be a bid value or null");
    }
    const outcome = await stub.setBidLimit(playerId, limit as number | null);
    if (!outcome.ok) return failure(c, outcome);
    return c.json(outcome.value, 200);
  })
  .post("/api/tables/:id/back", async (c) => {
    const playerId = requirePlayer(c);
    const outcome = await tableStub(c).comeBack(playerId);
    if (!outcome.ok) return failure(c, outcome);
    return c.json(outcome.value, 200);
  })
  .get("/api/tables/:id/live", async (c) => {
    if (c.req.header("Upgrade") !== "websocket") {
      throw new ApiError(426, "ERR_EXPECTED_WEBSOCKET", "this endpoint speaks WebSocket");
    }
    const stub = tableStub(c);
    const playerId = c.get("playerId");
    const inviteParam = c.req.query("invite");
    if (inviteParam !== undefined) readInvite(inviteParam);
    if (!playerId && inviteParam === undefined) {
      throw new ApiError(401, "ERR_NO_TOKEN", "add ?token=<token>, or ?invite=<code> to watch");
    }
    // The Durable Object trusts this header: it is set here, after the token was verified, and
    // any copy the client sent is replaced. The original request goes through so the upgrade survives.
    const headers = new Headers(c.req.raw.headers);
    headers.delete("X-Fernskat-Player");
    if (playerId) headers.set("X-Fernskat-Player", playerId);
    const response = await stub.fetch(new Request(c.req.raw, { headers }));
    // A refusal from the object arrives with immutable headers; copy it so the security headers fit.
    return response.status === 101 ? response : new Response(response.body, response);
  })
  .get("/api/tables/:id/deals/:n", async (c) => {
    const stub = tableStub(c);
    // Only the plain decimal form: Number() would also take "0x1", "1.0" or " 1" for deal 1.
    const raw = c.req.param("n") ?? "";
    const n = /^[1-9][0-9]*$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 96)
      throw new ApiError(404, "ERR_DEAL_NOT_FOUND", "deals are numbered from 1");
    const inviteParam = c.req.query("invite");
    const invite = inviteParam === undefined ? null : readInvite(inviteParam);
    const playerId = c.get("playerId");
    if (!playerId && invite === null)
      throw new ApiError(401, "ERR_NO_TOKEN", "send a token, or the invite to watch");
    const outcome = await stub.finishedDeal(playerId, invite, n - 1);
    if (!outcome.ok) return failure(c, outcome);
    return c.json(outcome.value, 200);
  });

app.notFound(notFound);
app.onError(onError);

/** The API's type, for a typed client (`hc<AppType>`) in web/. */
export type AppType = typeof routes;

export default app;
