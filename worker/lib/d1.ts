/**
 * D1 writes that a table makes as side effects. Each outbox item is written idempotently
 * (upserts), so a retry after a partial failure or a duplicate delivery is harmless.
 */
import { and, eq, notInArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import {
  deals,
  player_settings,
  player_tables,
  players,
  seats,
  series_results,
  tables,
} from "../db/schema";

export type TableStatusValue = "open" | "playing" | "finished";

export type OutboxItem =
  | {
      kind: "table";
      table?: {
        id: string;
        seats: number;
        deals: number;
        moveHours: number;
        status: TableStatusValue;
        createdBy: string;
        createdAt: number;
        finishedAt: number | null;
      };
      seats?: { seat: number; playerId: string | null; bot: boolean; joinedAt: number | null }[];
    }
  | {
      kind: "index";
      tableId?: string;
      rows?: {
        playerId: string;
        seat: number;
        toMove: boolean;
        deadlineAt: number | null;
        dealNo: number;
        deals: number;
        turnSeat: number | null;
        turnName: string | null;
        status: TableStatusValue;
        standing: unknown;
      }[];
    }
  | {
      kind: "deal";
      deal?: number;
      row?: {
        tableId: string;
        dealNo: number;
        record: string;
        json: unknown;
        declarer: number | null;
        game: string | null;
        value: number | null;
        listScore: number | null;
        finishedAt: number;
      };
    }
  | {
      kind: "series";
      tableId?: string;
      finishedAt?: number;
      results?: {
        seat: number;
        playerId: string | null;
        list: number;
        seegerFabian: number;
        won: number;
        lost: number;
        rank: number;
      }[];
    };

export async function writeOutboxItem(database: D1Database, item: OutboxItem): Promise<void> {
  const db = drizzle(database);
  switch (item.kind) {
    case "table": {
      const { table, seats: seatRows } = item;
      if (!table || !seatRows) return;
      const values = {
        id: table.id,
        seats: table.seats,
        deals: table.deals,
        move_hours: table.moveHours,
        status: table.status,
        created_by: table.createdBy,
        created_at: new Date(table.createdAt),
        finished_at: table.finishedAt === null ? null : new Date(table.finishedAt),
      };
      await db.batch([
        db
          .insert(tables)
          .values(values)
          .onConflictDoUpdate({
            target: tables.id,
            set: { status: values.status, finished_at: values.finished_at },
          }),
        ...seatRows.map((seat) => {
          const row = {
            table_id: table.id,
            seat: seat.seat,
            player_id: seat.playerId,
            is_bot: seat.bot,
            joined_at: seat.joinedAt === null ? null : new Date(seat.joinedAt),
          };
          return db
            .insert(seats)
            .values(row)
            .onConflictDoUpdate({
              target: [seats.table_id, seats.seat],
              set: { player_id: row.player_id, is_bot: row.is_bot, joined_at: row.joined_at },
            });
        }),
      ]);
      return;
    }
    case "index": {
      const { tableId, rows } = item;
      if (!tableId || !rows) return;
      const now = new Date();
      const statements = rows.map((row) => {
        const values = {
          player_id: row.playerId,
          table_id: tableId,
          seat: row.seat,
          to_move: row.toMove,
          deadline_at: row.deadlineAt === null ? null : new Date(row.deadlineAt),
          deal_no: row.dealNo,
          deals: row.deals,
          turn_seat: row.turnSeat,
          turn_name: row.turnName,
          status: row.status,
          standing_json: row.standing,
          updated_at: now,
        };
        const { player_id: _player, table_id: _table, ...set } = values;
        return db
          .insert(player_tables)
          .values(values)
          .onConflictDoUpdate({ target: [player_tables.player_id, player_tables.table_id], set });
      });
      const seated = rows.map((row) => row.playerId);
      const stale = db
        .delete(player_tables)
        .where(
          seated.length > 0
            ? and(eq(player_tables.table_id, tableId), notInArray(player_tables.player_id, seated))
            : eq(player_tables.table_id, tableId),
        );
      await db.batch([stale, ...statements]);
      return;
    }
    case "deal": {
      const row = item.row;
      if (!row) return;
      await db
        .insert(deals)
        .values({
          table_id: row.tableId,
          deal_no: row.dealNo,
          record: row.record,
          json: row.json,
          declarer: row.declarer,
          game: row.game,
          value: row.value,
          list_score: row.listScore,
          finished_at: new Date(row.finishedAt),
        })
        .onConflictDoNothing();
      return;
    }
    case "series": {
      const { tableId, results, finishedAt } = item;
      if (!tableId || !results) return;
      await db.batch([
        db
          .update(tables)
          .set({ status: "finished", finished_at: new Date(finishedAt ?? Date.now()) })
          .where(eq(tables.id, tableId)),
        ...results.map((result) =>
          db
            .insert(series_results)
            .values({
              table_id: tableId,
              seat: result.seat,
              player_id: result.playerId,
              list_total: result.list,
              seeger_fabian: result.seegerFabian,
              games_won: result.won,
              games_lost: result.lost,
              rank: result.rank,
            })
            .onConflictDoNothing(),
        ),
      ]);
      return;
    }
  }
}

export async function insertPlayer(database: D1Database, id: string, name: string): Promise<void> {
  await drizzle(database).insert(players).values({ id, name });
}

export async function playerName(database: D1Database, id: string): Promise<string | null> {
  const row = await drizzle(database)
    .select({ name: players.name })
    .from(players)
    .where(eq(players.id, id))
    .get();
  return row?.name ?? null;
}

/** What a table needs to know of a player when they take a seat. */
export async function playerProfile(
  database: D1Database,
  id: string,
): Promise<{ name: string; autoPlay: boolean } | null> {
  const row = await drizzle(database)
    .select({ name: players.name, autoPlay: player_settings.auto_play })
    .from(players)
    .leftJoin(player_settings, eq(player_settings.player_id, players.id))
    .where(eq(players.id, id))
    .get();
  return row ? { name: row.name, autoPlay: row.autoPlay ?? true } : null;
}
