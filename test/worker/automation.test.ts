/**
 * Fewer hand-offs: a private bid limit ("I go up to N") that the server bids under without asking,
 * and the automatic play of a forced card (a per-player setting).
 */
import { describe, expect, it } from "vitest";
import type { Action, Seat } from "../../shared/engine";
import type { TableView } from "../../worker/table";
import {
  call,
  createPlayer,
  createTable,
  getView,
  join,
  type Player,
  spectate,
} from "./support/client";
import { move, plainChoice, playUntil } from "./support/drive";
import { actionLog, putSettings, ring } from "./support/notify";

const ANNA: Seat = 0;
const LIMIT = 20;

function setBidLimit(player: Player, tableId: string, body: unknown) {
  return call("POST", `/api/tables/${tableId}/bid-limit`, {
    token: player.token,
    address: player.address,
    body,
    patient: true,
  });
}

const plays = (view: TableView) => view.legal.filter((action) => action.type === "play");

/** Anna (seat 0), a computer (seat 1) and Bernd (seat 2). */
async function annaBerndAndComputer() {
  const anna = await createPlayer("Anna");
  const bernd = await createPlayer("Bernd");
  const table = await createTable(anna, { seats: 3, deals: 3, bots: 1 });
  expect(await join(bernd, table.id, table.invite)).toBe(2);
  return { anna, bernd, table };
}

describe("a bid limit", () => {
  it("bids and holds up to the limit and passes above it without asking; only its player sees it", async () => {
    const { anna, bernd, table } = await annaBerndAndComputer();
    const res = await setBidLimit(anna, table.id, { limit: LIMIT });
    expect(res.status).toBe(200);
    const annas = await res.json<TableView>();
    expect(annas.automation).toEqual({ autoPlay: false, bidLimit: LIMIT, away: false });
    // Had it been Anna's turn, the server has answered for her already.
    expect(annas.toAct).not.toBe(ANNA);

    const bernds = await getView(bernd, table.id);
    expect(bernds.automation).toEqual({ autoPlay: false, bidLimit: null, away: false });
    expect(JSON.stringify(bernds)).not.toContain(`"bidLimit":${LIMIT}`);
    const watcher = await spectate(table.id, table.invite);
    expect(watcher.automation).toBeNull();
    expect(JSON.stringify(watcher)).not.toContain(`"bidLimit":${LIMIT}`);

    // Bernd goes up to 30; the computer bids as it likes; nobody waits on Anna while bidding
    // (playUntil would stop with an error if it were her turn: her seat has nobody to play it).
    const after = await playUntil(
      [null, null, bernd],
      table.id,
      (view) => view.phase !== "bidding",
      (view) => plainChoice(view, 30),
    );
    expect(after.dealNumber).toBe(0);
    let current = 0;
    const annasCalls: string[] = [];
    for (const entry of after.auction) {
      if (entry.seat === ANNA) {
        annasCalls.push(entry.call);
        if (entry.call === "bid") expect(entry.value).toBeLessThanOrEqual(LIMIT);
        if (entry.call === "hold") expect(current).toBeLessThanOrEqual(LIMIT);
        // She passes only when going on would mean more than her limit.
        if (entry.call === "pass") expect(current).toBeGreaterThanOrEqual(LIMIT);
      }
      if (entry.call === "bid") current = entry.value as number;
    }
    expect(annasCalls.at(-1)).toBe("pass");
    expect(after.declarer).not.toBe(ANNA);
    const annasMoves = (await actionLog(table.id)).filter((entry) => entry.seat === ANNA);
    expect(annasMoves.length).toBe(annasCalls.length);
    expect(annasMoves.every((entry) => entry.auto === "bidLimit")).toBe(true);

    // The limit was for this deal only: in the next one Anna bids herself.
    const next = await playUntil(
      [anna, null, bernd],
      table.id,
      (view) => view.dealNumber === 1,
      (view) => plainChoice(view, 18),
    );
    expect(next.automation).toMatchObject({ bidLimit: null });
    await playUntil(
      [null, null, bernd],
      table.id,
      (view) => view.toAct === ANNA,
      (view) => plainChoice(view, 18),
    );
    expect((await getView(anna, table.id)).phase).toBe("bidding");
  });

  it("is a bid value for the bidding of a seated player; null clears it", async () => {
    const { anna, bernd, table } = await annaBerndAndComputer();
    const outsider = await createPlayer("Olga");
    for (const body of [
      { limit: 17 },
      { limit: 265 },
      { limit: 20.5 },
      { limit: "20" },
      { limit: true },
      {},
    ]) {
      const res = await setBidLimit(anna, table.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "ERR_BAD_FIELD" } });
    }
    const extra = await setBidLimit(anna, table.id, { limit: 20, mine: true });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ error: { code: "ERR_UNKNOWN_FIELD" } });
    const stranger = await setBidLimit(outsider, table.id, { limit: 20 });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: { code: "ERR_NOT_SEATED" } });
    const anonymous = await call("POST", `/api/tables/${table.id}/bid-limit`, {
      body: { limit: 20 },
    });
    expect(anonymous.status).toBe(401);
    expect((await getView(anna, table.id)).automation?.bidLimit).toBeNull();

    // Set (the server may bid for Bernd at once, if it is his turn), then cleared.
    const set = await setBidLimit(bernd, table.id, { limit: 264 });
    expect((await set.json<TableView>()).automation?.bidLimit).toBe(264);
    const cleared = await setBidLimit(bernd, table.id, { limit: null });
    expect(cleared.status).toBe(200);
    expect((await cleared.json<TableView>()).automation?.bidLimit).toBeNull();
    const loggedWhenCleared = (await actionLog(table.id)).length;

    const play = await playUntil(
      [anna, null, bernd],
      table.id,
      (view) => view.phase === "play" || view.dealNumber > 0,
      (view) => plainChoice(view, 18),
    );
    if (play.phase === "play") {
      const late = await setBidLimit(anna, table.id, { limit: 20 });
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ error: { code: "ERR_WRONG_PHASE" } });
    }
    const since = (await actionLog(table.id)).slice(loggedWhenCleared);
    expect(since.length).toBeGreaterThan(0);
    expect(since.some((entry) => entry.auto === "bidLimit")).toBe(false);
  });
});

describe("a forced card", () => {
  it("is played for a player with auto-play on, who is never asked for one", async () => {
    const anna = await createPlayer("Anna", { autoPlay: true });
    const table = await createTable(anna, { seats: 3, deals: 6, bots: 2 });
    let forced = 0;
    for (let moves = 0; forced === 0; moves++) {
      expect(moves).toBeLessThan(400);
      const view = await getView(anna, table.id);
      expect(view.finished).toBe(false);
      expect(view.toAct).toBe(ANNA);
      if (view.phase === "play") expect(plays(view).length).toBeGreaterThan(1);
      await move(anna, table.id, (own) => plainChoice(own, 18));
      forced = (await actionLog(table.id)).filter(
        (entry) => entry.seat === ANNA && entry.auto === "forced",
      ).length;
    }
    const log = await actionLog(table.id);
    const forcedMoves = log.filter((entry) => entry.auto === "forced");
    expect(forcedMoves.every((entry) => entry.seat === ANNA && entry.action.type === "play")).toBe(
      true,
    );
  });

  it("waits for a player with auto-play off, and is played when they switch it on", async () => {
    const anna = await createPlayer("Anna");
    const table = await createTable(anna, { seats: 3, deals: 6, bots: 2 });
    const waiting = await playUntil(
      [anna, null, null],
      table.id,
      (view) => view.phase === "play" && view.toAct === ANNA && plays(view).length === 1,
      (view) => plainChoice(view, 18),
    );
    const forcedCard = plays(waiting)[0] as Action & { type: "play" };
    // Nothing is due: the alarm leaves the card to her.
    await ring(table.id);
    expect((await getView(anna, table.id)).version).toBe(waiting.version);

    await putSettings(anna, { autoPlay: true });
    const after = await getView(anna, table.id);
    expect(after.automation).toMatchObject({ autoPlay: true });
    expect(after.version).toBeGreaterThan(waiting.version);
    const made = (await actionLog(table.id)).filter(
      (entry) => entry.seat === ANNA && entry.auto === "forced",
    );
    // The first is the card she was asked for; more may follow (her last trick, say).
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made[0]?.action).toEqual({ type: "play", card: forcedCard.card });
  });
});
