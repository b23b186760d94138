/**
 * A player's own settings: name, quiet hours, automatic play of forced cards, and where
 * turn notifications go (Web Push subscriptions and webhooks).
 */
import { and, count, eq, ne } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import type { PlayerSettings } from "../../shared/protocol";
import {
  player_settings,
  player_tables,
  players,
  push_subscriptions,
  webhooks,
} from "../db/schema";
import { randomId } from "../lib/auth";
import { type AppContext, type AppEnv, requirePlayer } from "../lib/context";
import { ApiError, onlyFields, readJsonObject } from "../lib/http";
import { readName } from "../lib/names";
import { isValidTimeZone } from "../notify/quiet";
import { checkWebhookUrl, WEBHOOK_FORMATS, type WebhookFormat } from "../notify/webhook";

const MAX_PUSH_SUBSCRIPTIONS = 10;
const MAX_WEBHOOKS = 5;

export const DEFAULT_SETTINGS = {
  timeZone: "UTC",
  quietStart: 22,
  quietEnd: 7,
  autoPlay: true,
} as const;

export function allowLocalHttp(c: AppContext): boolean {
  return c.env.DEV_ALLOW_LOCAL_HTTP_WEBHOOKS === "true";
}

async function readSettings(c: AppContext, playerId: string): Promise<PlayerSettings> {
  const db = drizzle(c.env.DB);
  const [player, settings, hooks, subscriptions] = await db.batch([
    db.select({ name: players.name }).from(players).where(eq(players.id, playerId)),
    db.select().from(player_settings).where(eq(player_settings.player_id, playerId)),
    db
      .select({ id: webhooks.id, url: webhooks.url, format: webhooks.format })
      .from(webhooks)
      .where(eq(webhooks.player_id, playerId)),
    db
      .select({ n: count() })
      .from(push_subscriptions)
      .where(eq(push_subscriptions.player_id, playerId)),
  ]);
  const name = player[0]?.name;
  if (name === undefined)
    throw new ApiError(401, "ERR_UNKNOWN_PLAYER", "this player does not exist any more");
  const row = settings[0];
  return {
    name,
    timeZone: row?.time_zone ?? DEFAULT_SETTINGS.timeZone,
    quietStart: row?.quiet_start ?? DEFAULT_SETTINGS.quietStart,
    quietEnd: row?.quiet_end ?? DEFAULT_SETTINGS.quietEnd,
    autoPlay: row?.auto_play ?? DEFAULT_SETTINGS.autoPlay,
    webhooks: hooks,
    pushSubscriptions: subscriptions[0]?.n ?? 0,
    vapidPublicKey: c.env.VAPID_PUBLIC_KEY,
  };
}

function hour(body: Record<string, unknown>, field: string): number | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 23) {
    throw new ApiError(400, "ERR_BAD_FIELD", `${field} must be an hour from 0 to 23`);
  }
  return value;
}

function base64urlKey(value: unknown, field: string, bytes: number): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) {
    throw new ApiError(400, "ERR_BAD_FIELD", `${field} must be base64url`);
  }
  const trimmed = value.replace(/=+$/, "");
  if (Math.floor((trimmed.length * 3) / 4) !== bytes) {
    throw new ApiError(400, "ERR_BAD_FIELD", `${field} must be ${bytes} bytes`);
  }
  return trimmed;
}

export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", async (c) => {
    const playerId = requirePlayer(c);
    return c.json(await readSettings(c, playerId));
  })
  .put("/settings", async (c) => {
    const playerId = requirePlayer(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["name", "timeZone", "quietStart", "quietEnd", "autoPlay"]);
    const name = body.name === undefined ? undefined : readName(body);
    if (body.timeZone !== undefined && !isValidTimeZone(body.timeZone)) {
      throw new ApiError(
        400,
        "ERR_BAD_FIELD",
        "timeZone must be an IANA time zone such as Europe/Berlin",
      );
    }
    const quietStart = hour(body, "quietStart");
    const quietEnd = hour(body, "quietEnd");
    if (body.autoPlay !== undefined && typeof body.autoPlay !== "boolean") {
      throw new ApiError(400, "ERR_BAD_FIELD", "autoPlay must be true or false");
    }
    const current = await readSettings(c, playerId);
    const next = {
      player_id: playerId,
      time_zone: (body.timeZone as string | undefined) ?? current.timeZone,
      quiet_start: quietStart ?? current.quietStart,
      quiet_end: quietEnd ?? current.quietEnd,
      auto_play: (body.autoPlay as boolean | undefined) ?? current.autoPlay,
      updated_at: new Date(),
    };
    const db = drizzle(c.env.DB);
    const { player_id: _id, ...set } = next;
    await db.batch([
      db
        .insert(player_settings)
        .values(next)
        .onConflictDoUpdate({ target: player_settings.player_id, set }),
      ...(name ? [db.update(players).set({ name }).where(eq(players.id, playerId))] : []),
    ]);
    if (name !== undefined || next.auto_play !== current.autoPlay) {
      // Tables keep each seat's name and auto-play preference; tell every table the player sits at.
      const tables = await db
        .select({ id: player_tables.table_id })
        .from(player_tables)
        .where(eq(player_tables.player_id, playerId))
        .all();
      await Promise.all(
        tables.map((table) =>
          c.env.TABLE.get(c.env.TABLE.idFromName(table.id)).updateSeat(playerId, {
            ...(name !== undefined ? { name } : {}),
            autoPlay: next.auto_play,
          }),
        ),
      );
    }
    return c.json(await readSettings(c, playerId));
  })
  .post("/push", async (c) => {
    const playerId = requirePlayer(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["endpoint", "keys", "expirationTime"]);
    const endpoint = body.endpoint;
    if (
      typeof endpoint !== "string" ||
      endpoint.length > 1000 ||
      !endpoint.startsWith("https://")
    ) {
      throw new ApiError(
        400,
        "ERR_BAD_FIELD",
        "endpoint must be the https URL of a push subscription",
      );
    }
    const keys = body.keys;
    if (typeof keys !== "object" || keys === null || Array.isArray(keys)) {
      throw new ApiError(400, "ERR_BAD_FIELD", "keys must hold p256dh and auth");
    }
    const { p256dh, auth, ...other } = keys as Record<string, unknown>;
    if (Object.keys(other).length > 0)
      throw new ApiError(400, "ERR_UNKNOWN_FIELD", "keys holds only p256dh and auth");
    const row = {
      endpoint,
      player_id: playerId,
      p256dh: base64urlKey(p256dh, "keys.p256dh", 65),
      auth: base64urlKey(auth, "keys.auth", 16),
    };
    const db = drizzle(c.env.DB);
    // The same endpoint again (the browser subscribed anew) replaces its row: not another device.
    const existing = await db
      .select({ n: count() })
      .from(push_subscriptions)
      .where(
        and(eq(push_subscriptions.player_id, playerId), ne(push_subscriptions.endpoint, endpoint)),
      )
      .get();
    if ((existing?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS) {
      throw new ApiError(
        409,
        "ERR_TOO_MANY",
        `at most ${MAX_PUSH_SUBSCRIPTIONS} devices get notifications`,
      );
    }
    await db
      .insert(push_subscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: push_subscriptions.endpoint,
        set: { player_id: playerId, p256dh: row.p256dh, auth: row.auth },
      });
    return c.json({ ok: true }, 201);
  })
  .delete("/push", async (c) => {
    const playerId = requirePlayer(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["endpoint"]);
    if (typeof body.endpoint !== "string")
      throw new ApiError(400, "ERR_BAD_FIELD", "endpoint must be a string");
    await drizzle(c.env.DB)
      .delete(push_subscriptions)
      .where(
        and(
          eq(push_subscriptions.endpoint, body.endpoint),
          eq(push_subscriptions.player_id, playerId),
        ),
      );
    return c.body(null, 204);
  })
  .post("/webhooks", async (c) => {
    const playerId = requirePlayer(c);
    const body = await readJsonObject(c.req.raw);
    onlyFields(body, ["url", "format"]);
    if (typeof body.url !== "string" || body.url.length > 500) {
      throw new ApiError(400, "ERR_BAD_FIELD", "url must be a URL of at most 500 characters");
    }
    const format = body.format ?? "json";
    if (typeof format !== "string" || !(WEBHOOK_FORMATS as readonly string[]).includes(format)) {
      throw new ApiError(
        400,
        "ERR_BAD_FIELD",
        `format must be one of ${WEBHOOK_FORMATS.join(", ")}`,
      );
    }
    const checked = checkWebhookUrl(body.url, allowLocalHttp(c));
    if (!checked.ok)
      throw new ApiError(400, "ERR_BAD_WEBHOOK", `this URL cannot be used: ${checked.reason}`);
    const db = drizzle(c.env.DB);
    const existing = await db
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.player_id, playerId))
      .get();
    if ((existing?.n ?? 0) >= MAX_WEBHOOKS)
      throw new ApiError(409, "ERR_TOO_MANY", `at most ${MAX_WEBHOOKS} webhooks`);
    const id = randomId(9);
    await db.insert(webhooks).values({
      id,
      player_id: playerId,
      url: checked.url.toString(),
      format: format as WebhookFormat,
    });
    return c.json({ id, url: checked.url.toString(), format }, 201);
  })
  .delete("/webhooks/:hook", async (c) => {
    const playerId = requirePlayer(c);
    const result = await drizzle(c.env.DB)
      .delete(webhooks)
      .where(and(eq(webhooks.id, c.req.param("hook")), eq(webhooks.player_id, playerId)))
      .returning({ id: webhooks.id });
    if (result.length === 0) throw new ApiError(404, "ERR_NOT_FOUND", "no such webhook");
    return c.body(null, 204);
  });
