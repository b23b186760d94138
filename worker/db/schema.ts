// D1 schema: the data that spans tables. A table's own game state lives in its Durable Object;
// these rows are written from there as side effects (who is to move where, finished deals,
// series results) so that lists like "my games" are one query.
//
// After changing this file run `npm run db:generate` and commit the new migration.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`);

export const players = sqliteTable("players", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  created_at: createdAt(),
});

export const TABLE_STATUSES = ["open", "playing", "finished"] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

export const tables = sqliteTable("tables", {
  id: text("id").primaryKey(),
  /** 3 or 4 players. */
  seats: integer("seats").notNull(),
  /** Deals in the series. */
  deals: integer("deals").notNull(),
  /** Time control: hours per move. */
  move_hours: integer("move_hours").notNull(),
  status: text("status", { enum: TABLE_STATUSES }).notNull().default("open"),
  created_by: text("created_by").references(() => players.id),
  created_at: createdAt(),
  finished_at: integer("finished_at", { mode: "timestamp_ms" }),
});

export const seats = sqliteTable(
  "seats",
  {
    table_id: text("table_id")
      .notNull()
      .references(() => tables.id),
    seat: integer("seat").notNull(),
    /** null while the seat is free or held by a computer player. */
    player_id: text("player_id").references(() => players.id),
    is_bot: integer("is_bot", { mode: "boolean" }).notNull().default(false),
    joined_at: integer("joined_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.table_id, t.seat] })],
);

/** One row per player and table: the "my games" list, waiting-for-you first, by deadline. */
export const player_tables = sqliteTable(
  "player_tables",
  {
    player_id: text("player_id")
      .notNull()
      .references(() => players.id),
    table_id: text("table_id")
      .notNull()
      .references(() => tables.id),
    seat: integer("seat").notNull(),
    to_move: integer("to_move", { mode: "boolean" }).notNull().default(false),
    deadline_at: integer("deadline_at", { mode: "timestamp_ms" }),
    deal_no: integer("deal_no").notNull().default(0),
    /** Deals in the series, so "my games" can show "deal 7 of 36" without another query. */
    deals: integer("deals").notNull().default(0),
    /** The seat the table waits for, and that seat's name; null while waiting for players or when finished. */
    turn_seat: integer("turn_seat"),
    turn_name: text("turn_name"),
    status: text("status", { enum: TABLE_STATUSES }).notNull().default("open"),
    /** The player's standing in the series (list totals so far), as JSON. */
    standing_json: text("standing_json", { mode: "json" }),
    updated_at: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.player_id, t.table_id] }),
    index("player_tables_turn_idx").on(t.player_id, t.to_move, t.deadline_at),
  ],
);

/** Finished deals, for history and verification. */
export const deals = sqliteTable(
  "deals",
  {
    table_id: text("table_id")
      .notNull()
      .references(() => tables.id),
    deal_no: integer("deal_no").notNull(),
    /** The deal in the International Skat Server record format. */
    record: text("record").notNull(),
    /** The final engine state of the deal (everything revealed), as JSON. */
    json: text("json", { mode: "json" }).notNull(),
    /** Seat of the declarer; null when all passed. */
    declarer: integer("declarer"),
    /** Game type declared ("clubs", ..., "grand", "null"); null when all passed. */
    game: text("game"),
    /** Game value (negative when lost). */
    value: integer("value"),
    /** Points written on the list for this deal (Seeger-Fabian). */
    list_score: integer("list_score"),
    finished_at: integer("finished_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.table_id, t.deal_no] })],
);

/** Final Seeger-Fabian list of a finished series. */
export const series_results = sqliteTable(
  "series_results",
  {
    table_id: text("table_id")
      .notNull()
      .references(() => tables.id),
    seat: integer("seat").notNull(),
    /** null for a computer player. */
    player_id: text("player_id").references(() => players.id),
    list_total: integer("list_total").notNull(),
    seeger_fabian: integer("seeger_fabian").notNull(),
    games_won: integer("games_won").notNull(),
    games_lost: integer("games_lost").notNull(),
    rank: integer("rank").notNull(),
  },
  (t) => [primaryKey({ columns: [t.table_id, t.seat] })],
);

/** Per-player preferences that notifications and tables need. */
export const player_settings = sqliteTable("player_settings", {
  player_id: text("player_id")
    .primaryKey()
    .references(() => players.id),
  /** IANA time zone for quiet hours, e.g. "Europe/Berlin". */
  time_zone: text("time_zone").notNull().default("UTC"),
  /** Quiet hours (0-23); equal values mean none. */
  quiet_start: integer("quiet_start").notNull().default(22),
  quiet_end: integer("quiet_end").notNull().default(7),
  /** Play a card automatically when it is the only legal one. */
  auto_play: integer("auto_play", { mode: "boolean" }).notNull().default(true),
  updated_at: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** Web Push subscriptions of a player's browsers (RFC 8030 endpoints with RFC 8291 keys). */
export const push_subscriptions = sqliteTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    player_id: text("player_id")
      .notNull()
      .references(() => players.id),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("push_subscriptions_player_idx").on(t.player_id)],
);

/** Webhooks a player added: a POST on their turn, in one of a few formats. */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    player_id: text("player_id")
      .notNull()
      .references(() => players.id),
    url: text("url").notNull(),
    format: text("format", { enum: ["json", "ntfy", "discord", "slack"] }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index("webhooks_player_idx").on(t.player_id)],
);
