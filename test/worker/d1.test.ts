import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { player_tables, players, tables } from "../../worker/db/schema";

describe("D1 after the migrations", () => {
  it("has every table of the schema", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual([
      "d1_migrations",
      "deals",
      "player_settings",
      "player_tables",
      "players",
      "push_subscriptions",
      "seats",
      "series_results",
      "tables",
      "webhooks",
    ]);
  });

  it("has the my-games index", async () => {
    const row = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'player_tables_turn_idx'",
    ).first<{ sql: string }>();
    expect(row?.sql).toMatch(/player_id.*to_move.*deadline_at/);
  });

  it("round-trips rows through drizzle, with defaults and foreign keys", async () => {
    const db = drizzle(env.DB);
    await db.insert(players).values({ id: "p1", name: "Anna" });
    await db
      .insert(tables)
      .values({ id: "t1", seats: 3, deals: 36, move_hours: 48, created_by: "p1" });
    const deadline = new Date("2026-05-01T12:00:00Z");
    await db.insert(player_tables).values({
      player_id: "p1",
      table_id: "t1",
      seat: 0,
      to_move: true,
      deadline_at: deadline,
      standing_json: { list: [18, -46] },
      updated_at: new Date(),
    });

    const [t] = await db.select().from(tables).where(eq(tables.id, "t1"));
    expect(t?.status).toBe("open");
    expect(t?.created_at).toBeInstanceOf(Date);
    expect(Math.abs((t?.created_at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const [pt] = await db.select().from(player_tables).where(eq(player_tables.player_id, "p1"));
    expect(pt).toMatchObject({
      to_move: true,
      deadline_at: deadline,
      standing_json: { list: [18, -46] },
    });

    const err = await db
      .insert(tables)
      .values({ id: "t2", seats: 3, deals: 36, move_hours: 48, created_by: "nobody" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).cause)).toMatch(/FOREIGN KEY constraint failed/);
  });
});
