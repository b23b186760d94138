/**
 * A whole series of 36 deals: one person plays through the HTTP API against two computer
 * players, watched live by a spectator. Every view anyone received is audited for hidden cards,
 * then the score sheet, the D1 rows and the fairness proof of every deal are checked.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Seat } from "../../shared/engine";
import { verifyDeal } from "../../shared/fairness";
import { Rng } from "../../shared/rng";
import type { FinishedDeal, TableView } from "../../worker/table";
import { readStored, ViewAudit } from "./support/audit";
import { act, call, createPlayer, createTable, getView, spectate } from "./support/client";
import { LiveSocket } from "./support/live";
import { mustDecide, randomChoice } from "./support/policy";

const DEALS = 36;
const HUMAN: Seat = 0;

/** Polls D1 until `ready` holds: the outbox writes after the move, not before the answer. */
async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sorted = (codes: readonly string[]) => [...codes].sort();

describe("a whole series: one person and two computer players", () => {
  it("plays 36 deals through the API, with every view clean and every record written", async () => {
    const started = Date.now();
    const alice = await createPlayer("Alice");
    const nonce = "alice-series-nonce";
    const table = await createTable(alice, { seats: 3, bots: 2, nonce });
    expect(table.commitments).toHaveLength(DEALS);

    const audit = new ViewAudit(table.id);
    await audit.snapshot();
    const own = await LiveSocket.open("alice", table.id, `token=${alice.token}`);
    const watcher = await LiveSocket.open("spectator", table.id, `invite=${table.invite}`);

    let view = await getView(alice, table.id);
    audit.see("GET alice", HUMAN, view);
    expect(view.table.seats.map((seat) => seat.bot)).toEqual([false, true, true]);
    expect(view.deals).toBe(DEALS);

    const rng = Rng.fromSeed(0x5eed36);
    let actions = 0;
    while (!view.finished) {
      expect(mustDecide(view, HUMAN), `stuck at version ${view.version}`).toBe(true);
      const res = await act(alice, table.id, view.version, randomChoice(view, rng));
      expect(res.status).toBe(200);
      view = await res.json<TableView>();
      actions++;
      await audit.snapshot();
      audit.see("POST alice", HUMAN, view);
      if (actions % 10 === 0)
        audit.see("GET spectator", null, await spectate(table.id, table.invite));
      expect(actions).toBeLessThan(2000);
    }
    const playedAt = Date.now();

    // Every change reached both sockets as exactly one view, in order, up to the last one.
    for (const [socket, viewer] of [
      [own, HUMAN],
      [watcher, null],
    ] as const) {
      const messages = [];
      for (let i = 0; i <= actions; i++) messages.push(await socket.next());
      expect(messages.every((m) => m.type === "view")).toBe(true);
      const versions = messages.map((m) => m.view?.version ?? -1);
      expect(versions.slice(1).every((v, i) => v > (versions[i] as number))).toBe(true);
      expect(versions.at(-1)).toBe(view.version);
      audit.seeMessages(`live ${socket.label}`, viewer, messages);
      socket.close();
    }
    const audited = audit.verify();
    expect(audited.views).toBeGreaterThan(3 * actions);

    // The score sheet: one entry per deal, and the standings are its totals.
    expect(view.phase).toBe("finished");
    expect(view.dealNumber).toBe(DEALS);
    expect(view.sheet).toHaveLength(DEALS);
    expect(view.sheet.map((entry) => entry.deal)).toEqual([...Array(DEALS).keys()]);
    expect(view.sheet.filter((entry) => !entry.passedIn).length).toBeGreaterThan(0);
    expect(view.standings).toHaveLength(3);
    for (const standing of view.standings) {
      const declared = view.sheet.filter((e) => !e.passedIn && e.declarer === standing.seat);
      expect(standing.list).toBe(declared.reduce((sum, e) => sum + e.score, 0));
      expect(standing.seegerFabian).toBe(
        view.sheet.reduce((sum, e) => sum + (e.seegerFabian[standing.seat] as number), 0),
      );
      expect(standing.won).toBe(declared.filter((e) => e.won).length);
      expect(standing.lost).toBe(declared.filter((e) => !e.won).length);
    }
    const byRank = [...view.standings].sort((a, b) => a.rank - b.rank);
    expect(byRank[0]?.rank).toBe(1);
    for (let i = 1; i < byRank.length; i++) {
      expect((byRank[i - 1] as { seegerFabian: number }).seegerFabian).toBeGreaterThanOrEqual(
        (byRank[i] as { seegerFabian: number }).seegerFabian,
      );
    }

    // D1, written through the outbox after the moves.
    const db = env.DB;
    const finishedTable = await eventually(
      () =>
        db
          .prepare("SELECT * FROM tables WHERE id = ?")
          .bind(table.id)
          .first<Record<string, unknown>>(),
      (row) => row?.status === "finished",
    );
    expect(finishedTable).toMatchObject({
      id: table.id,
      seats: 3,
      deals: DEALS,
      status: "finished",
      created_by: alice.id,
    });
    expect(finishedTable?.finished_at).not.toBeNull();
    const dealRows = (
      await eventually(
        () =>
          db
            .prepare("SELECT * FROM deals WHERE table_id = ? ORDER BY deal_no")
            .bind(table.id)
            .all<Record<string, unknown>>(),
        (rows) => rows.results.length === DEALS,
      )
    ).results;
    expect(dealRows.map((row) => row.deal_no)).toEqual([...Array(DEALS).keys()]);
    dealRows.forEach((row, k) => {
      const entry = view.sheet[k];
      if (!entry) throw new Error(`no sheet entry ${k}`);
      expect(String(row.record)).toMatch(/\S/);
      expect(row.declarer).toBe(entry.declarer);
      expect(row.game).toBe(entry.game);
      expect(row.value).toBe(entry.passedIn ? 0 : entry.won ? entry.value : -entry.value);
      expect(row.list_score).toBe(entry.score);
    });
    const results = (
      await eventually(
        () =>
          db
            .prepare("SELECT * FROM series_results WHERE table_id = ? ORDER BY seat")
            .bind(table.id)
            .all<Record<string, unknown>>(),
        (rows) => rows.results.length === 3,
      )
    ).results;
    expect(results).toEqual(
      view.standings
        .map((s) => ({
          table_id: table.id,
          seat: s.seat,
          player_id: s.seat === HUMAN ? alice.id : null,
          list_total: s.list,
          seeger_fabian: s.seegerFabian,
          games_won: s.won,
          games_lost: s.lost,
          rank: s.rank,
        }))
        .sort((a, b) => a.seat - b.seat),
    );
    const seats = await db
      .prepare("SELECT seat, player_id, is_bot FROM seats WHERE table_id = ? ORDER BY seat")
      .bind(table.id)
      .all();
    expect(seats.results).toEqual([
      { seat: 0, player_id: alice.id, is_bot: 0 },
      { seat: 1, player_id: null, is_bot: 1 },
      { seat: 2, player_id: null, is_bot: 1 },
    ]);
    const index = await eventually(
      () =>
        db
          .prepare("SELECT * FROM player_tables WHERE table_id = ?")
          .bind(table.id)
          .all<Record<string, unknown>>(),
      (rows) => rows.results[0]?.status === "finished",
    );
    expect(index.results).toHaveLength(1);
    expect(index.results[0]).toMatchObject({
      player_id: alice.id,
      seat: HUMAN,
      status: "finished",
      to_move: 0,
      deal_no: DEALS,
      deals: DEALS,
      turn_seat: null,
    });
    const mine = await call("GET", "/api/me", {
      token: alice.token,
      address: alice.address,
      patient: true,
    });
    const me = await mine.json<{ tables: { id: string; status: string; yourTurn: boolean }[] }>();
    expect(me.tables).toContainEqual(
      expect.objectContaining({ id: table.id, status: "finished", yourTurn: false }),
    );
    const stored = await eventually(
      () => readStored(table.id),
      (s) => s.outbox.length === 0,
    );
    expect(stored.outbox).toEqual([]);
    expect(stored.finishedDeals).toBe(DEALS);

    // The fairness proof of every deal verifies with the engine, against the commitment published
    // at creation, and its deck is the deck the reveal shows.
    const previousReveals = new Map<number, unknown>();
    for (const message of watcher.received) {
      const previous = message.view?.previous;
      if (previous) previousReveals.set(previous.deal, previous);
    }
    const answers = await Promise.all(
      Array.from({ length: DEALS }, (_, k) =>
        call("GET", `/api/tables/${table.id}/deals/${k + 1}?invite=${table.invite}`, {
          address: `192.0.2.${k + 1}`,
        }),
      ),
    );
    for (let n = 1; n <= DEALS; n++) {
      const res = answers[n - 1] as Response;
      expect(res.status).toBe(200);
      const deal = await res.json<FinishedDeal>();
      const { proof, reveal } = deal;
      expect(deal.deal).toBe(n - 1);
      expect(proof.dealNumber).toBe(n - 1);
      expect(proof.commitment).toBe(table.commitments[n - 1]);
      expect(proof.nonces).toEqual([nonce, "bot-1", "bot-2"]);
      expect(verifyDeal(proof)).toEqual({ ok: true });
      reveal.roles.forEach((seat, role) => {
        expect(sorted(reveal.dealt[seat] ?? [])).toEqual(
          sorted(proof.deck.slice(role * 10, role * 10 + 10)),
        );
      });
      expect(sorted(reveal.skat)).toEqual(sorted(proof.deck.slice(30)));
      expect(previousReveals.get(n - 1)).toEqual(reveal);
      expect(JSON.parse(String(dealRows[n - 1]?.json))).toEqual(deal);
    }

    const openHands = watcher.received.filter((m) => m.view?.openHand).length;
    const declared = view.sheet.filter((e) => e.declarer === HUMAN).length;
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `series: ${actions} person actions, ${declared} games declared by the person, ` +
        `${openHands} views with an open declarer hand, ${audited.views} views audited, ` +
        `played in ${seconds(playedAt - started)} s, checked in ${seconds(Date.now() - playedAt)} s`,
    );
  }, 120_000);
});
