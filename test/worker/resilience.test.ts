/**
 * A table survives its Durable Object being evicted mid-deal, and a deal that ends while D1 fails
 * keeps its move; the D1 row follows from the alarm's retry.
 */
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { type Action, apply, type GameState, type Seat } from "../../shared/engine";
import type { TableView } from "../../worker/table";
import { readRecord, readStored, tableStub } from "./support/audit";
import { act, createPlayer, createTable, getView, join, type Player } from "./support/client";

async function threePeople(): Promise<{ people: Player[]; table: { id: string; invite: string } }> {
  const people = await Promise.all(["Anna", "Bernd", "Carla"].map((name) => createPlayer(name)));
  const table = await createTable(people[0] as Player, { seats: 3, deals: 3 });
  await join(people[1] as Player, table.id, table.invite);
  await join(people[2] as Player, table.id, table.invite);
  return { people, table };
}

/** The seat to act and its view; a pending claim is answered first. */
async function whoActs(
  people: Player[],
  tableId: string,
): Promise<{ seat: Seat; view: TableView }> {
  const views = await Promise.all(people.map((p) => getView(p, tableId)));
  const answering = views.findIndex((v) => v.legal.some((a) => a.type === "acceptClaim"));
  const seat = answering >= 0 ? answering : ((views[0] as TableView).toAct as Seat);
  return { seat, view: views[seat] as TableView };
}

/** A legal action that keeps the deal going: bid, pass, pick up, grand, lowest card. */
function nextAction(view: TableView): Action {
  const legal = view.legal;
  const action =
    legal.find((a) => a.type === "bid" && a.value === 18 && view.bid === 0) ??
    legal.find((a) => a.type === "pass") ??
    legal.find((a) => a.type === "pickUp") ??
    legal.find((a) => a.type === "declare" && a.game === "grand") ??
    legal.find((a) => a.type === "discard" || a.type === "play");
  if (!action) throw new Error(`nothing to do in ${view.phase}`);
  return action;
}

describe("eviction", () => {
  it("continues the deal where it was after the object is evicted", async () => {
    const { people, table } = await threePeople();
    for (let i = 0; i < 12; i++) {
      const { seat, view } = await whoActs(people, table.id);
      expect(
        (await act(people[seat] as Player, table.id, view.version, nextAction(view))).status,
      ).toBe(200);
    }
    const { seat, view: before } = await whoActs(people, table.id);
    expect(before.phase).toBe("play");
    const viewsBefore = await Promise.all(people.map((p) => getView(p, table.id)));
    const storedBefore = await readStored(table.id);

    await abortAllDurableObjects();

    // A fresh instance rebuilt from storage: the same views, the same log.
    const viewsAfter = await Promise.all(people.map((p) => getView(p, table.id)));
    expect(viewsAfter).toEqual(viewsBefore);
    const storedAfter = await readStored(table.id);
    expect({ ...storedAfter, outbox: [] }).toEqual({ ...storedBefore, outbox: [] });

    const action = nextAction(before);
    const res = await act(people[seat] as Player, table.id, before.version, action);
    expect(res.status).toBe(200);
    const next = await res.json<TableView>();
    expect(next.version).toBe(before.version + 1);
    expect(next.trick.length + next.tricks.length * 3).toBe(
      before.trick.length + before.tricks.length * 3 + 1,
    );
    expect((await readStored(table.id)).actions).toBe(storedBefore.actions + 1);
  });
});

describe("D1 unavailable when a deal ends", () => {
  it("keeps the move, and writes the deal row when the alarm retries", async () => {
    const { people, table } = await threePeople();
    const stub = tableStub(table.id);
    // Play up to the move that ends the deal, found with the engine on the stored state.
    let ending: { seat: Seat; view: TableView } | null = null;
    for (let i = 0; i < 60 && !ending; i++) {
      const turn = await whoActs(people, table.id);
      const action = nextAction(turn.view);
      const game = (await readRecord(table.id)).game as GameState;
      const result = apply(game, turn.seat, action);
      if (!result.ok) throw new Error(result.error.message);
      if (result.value.state.dealNumber !== game.dealNumber) ending = turn;
      else {
        const res = await act(people[turn.seat] as Player, table.id, turn.view.version, action);
        expect(res.status).toBe(200);
      }
    }
    if (!ending) throw new Error("the deal did not come to its end");
    // Let the writes of the moves so far land, so only the deal's end meets the failure.
    await runDurableObjectAlarm(stub);
    expect((await readStored(table.id)).outbox).toEqual([]);

    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    await env.DB.exec("ALTER TABLE deals RENAME TO deals_away");
    try {
      const res = await act(
        people[ending.seat] as Player,
        table.id,
        ending.view.version,
        nextAction(ending.view),
      );
      expect(res.status).toBe(200);
      const view = await res.json<TableView>();
      expect(view.dealNumber).toBe(1);
      expect(view.previous?.deal).toBe(0);
      // The move is stored; the deal row waits in the outbox after a failed attempt.
      let stored = await readStored(table.id);
      for (let i = 0; i < 100 && !stored.outbox.some((item) => item.attempts > 0); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        stored = await readStored(table.id);
      }
      expect(stored.version).toBe(view.version);
      expect(stored.finishedDeals).toBe(1);
      expect(stored.outbox[0]).toMatchObject({ kind: "deal" });
      expect(stored.outbox[0]?.attempts).toBeGreaterThan(0);
      const alarm = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
      expect(alarm).not.toBeNull();
      // Another try while D1 still fails changes nothing.
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect((await readStored(table.id)).outbox[0]).toMatchObject({ kind: "deal" });
      const away = await env.DB.prepare("SELECT COUNT(*) AS n FROM deals_away WHERE table_id = ?")
        .bind(table.id)
        .first<{ n: number }>();
      expect(away?.n).toBe(0);
      expect(warnings).toHaveBeenCalledWith(
        expect.stringMatching(/^outbox: deal failed/),
        expect.anything(),
      );
    } finally {
      await env.DB.exec("ALTER TABLE deals_away RENAME TO deals");
      warnings.mockRestore();
    }
    const none = await env.DB.prepare("SELECT COUNT(*) AS n FROM deals WHERE table_id = ?")
      .bind(table.id)
      .first<{ n: number }>();
    expect(none?.n).toBe(0);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const row = await env.DB.prepare("SELECT deal_no, record FROM deals WHERE table_id = ?")
      .bind(table.id)
      .first<{ deal_no: number; record: string }>();
    expect(row?.deal_no).toBe(0);
    expect(row?.record).toMatch(/\S/);
    expect((await readStored(table.id)).outbox).toEqual([]);
    // The player index caught up too.
    const index = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM player_tables WHERE table_id = ? AND deal_no = 1",
    )
      .bind(table.id)
      .first<{ n: number }>();
    expect(index?.n).toBe(3);
  });
});
