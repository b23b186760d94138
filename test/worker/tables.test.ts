import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TableView } from "../../worker/table";
import { act, call, createPlayer, createTable, getView, join } from "./support/client";

describe("a table by link", () => {
  it("creates a player, a table with two computer players, and plays a deal through the API", async () => {
    const alice = await createPlayer("Alice");
    const table = await createTable(alice, { seats: 3, deals: 3, bots: 2 });
    expect(table.commitments).toHaveLength(3);
    let view = await getView(alice, table.id);
    expect(view.seat).toBe(0);
    expect(view.table.seats.map((s) => s.bot)).toEqual([false, true, true]);
    const startDeal = view.dealNumber;
    let moves = 0;
    while (view.dealNumber === startDeal && moves < 200) {
      expect(view.toAct).toBe(0);
      const choice =
        view.legal.find((a) => a.type !== "concede" && a.type !== "claim") ?? view.legal[0];
      const res = await act(alice, table.id, view.version, choice);
      expect(res.status).toBe(200);
      view = await res.json<TableView>();
      moves++;
    }
    expect(view.sheet).toHaveLength(1);
    expect(view.previous?.deal).toBe(0);
    const deal = await call("GET", `/api/tables/${table.id}/deals/1`, {
      token: alice.token,
      address: alice.address,
    });
    expect(deal.status).toBe(200);
  });

  it("lets a second and third player join by invite", async () => {
    const [a, b, c] = [
      await createPlayer("Anna"),
      await createPlayer("Bernd"),
      await createPlayer("Carla"),
    ];
    const table = await createTable(a, { seats: 3, deals: 3 });
    expect(await join(b, table.id, table.invite)).toBe(1);
    expect(await join(b, table.id, table.invite)).toBe(1);
    expect(await join(c, table.id, table.invite)).toBe(2);
    const view = await getView(b, table.id);
    expect(view.phase).toBe("bidding");
    expect(view.hand).toHaveLength(10);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM player_tables WHERE table_id = ?")
      .bind(table.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(3);
  });
});
