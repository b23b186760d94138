/**
 * The table's one alarm: the reminder at half time (once per turn), the computer moving for a seat
 * whose deadline passed, the seat going away after two missed deadlines in a row, and its player
 * taking it back. Time moves by aging the stored turn, never by sleeping.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Seat } from "../../shared/engine";
import type { TableView } from "../../worker/table";
import { readRecord, tableStub } from "./support/audit";
import { call, createPlayer, createTable, getView, join, type Player } from "./support/client";
import { move, plainChoice, playUntil } from "./support/drive";
import {
  actionLog,
  ageTurn,
  alarmAt,
  HOUR_MS,
  jsonHook,
  jsonNotes,
  neverQuiet,
  ring,
  settle,
} from "./support/notify";

const MINUTE_MS = 60_000;
const ANNA: Seat = 0;

async function automationOf(tableId: string, seat: Seat) {
  return (await readRecord(tableId)).seats[seat]?.automation;
}

describe("the reminder", () => {
  it("comes once per turn, when half the time for the move is gone", async () => {
    const anna = await createPlayer("Anna");
    await neverQuiet(anna);
    const hook = await jsonHook(anna);
    const table = await createTable(anna, { seats: 3, deals: 3, bots: 2, moveHours: 1 });
    expect((await getView(anna, table.id)).toAct).toBe(ANNA);
    const reminders = async () =>
      (await jsonNotes(hook)).filter((note) => note.type === "reminder");

    await ageTurn(table.id, 29 * MINUTE_MS);
    await ring(table.id);
    expect(await reminders()).toHaveLength(0);

    await ageTurn(table.id, 2 * MINUTE_MS);
    await ring(table.id);
    const [reminder] = await reminders();
    expect(reminder).toMatchObject({
      type: "reminder",
      title: "Your turn at Anna's table",
      table: table.id,
      url: `http://fernskat.test/t/${table.id}`,
    });
    expect(reminder?.body).toMatch(/^Reminder: about 1 h left for your move in deal 1 of 3\.$/);
    const record = await readRecord(table.id);
    expect(record.seats[ANNA]?.automation?.remindedTurn).toBe(record.turnSince);

    await ageTurn(table.id, 10 * MINUTE_MS);
    await ring(table.id);
    expect(await reminders()).toHaveLength(1);
    // Nothing else is due before the deadline, so that is when the alarm rings next.
    const { turnSince } = await readRecord(table.id);
    expect(await alarmAt(table.id)).toBeCloseTo((turnSince as number) + HOUR_MS, -3);

    // The next turn has its own reminder.
    await move(anna, table.id);
    expect((await getView(anna, table.id)).toAct).toBe(ANNA);
    await ageTurn(table.id, 31 * MINUTE_MS);
    await ring(table.id);
    expect(await reminders()).toHaveLength(2);
  });

  it("is what the alarm is set for once it has rung by itself", async () => {
    const anna = await createPlayer("Anna");
    const table = await createTable(anna, { seats: 3, deals: 3, bots: 2, moveHours: 2 });
    const { turnSince } = await readRecord(table.id);
    await settle(table.id);
    // Let the real alarm ring (not the test helper), as it does in production.
    await runInDurableObject(tableStub(table.id), (_instance, state) =>
      state.storage.setAlarm(Date.now() + 20),
    );
    const halfTime = (turnSince as number) + HOUR_MS;
    const deadline = Date.now() + 5000;
    const isHalfTime = (at: number | null) => at !== null && Math.abs(at - halfTime) < 1000;
    while (!isHalfTime(await alarmAt(table.id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await alarmAt(table.id)).toBeCloseTo(halfTime, -3);
  });
});

describe("a passed deadline", () => {
  it("has the computer make the one move, marked in the log and on the sheet", async () => {
    const anna = await createPlayer("Anna");
    const table = await createTable(anna, { seats: 3, deals: 3, bots: 2, moveHours: 1 });
    // Anna outbids the computers, so the skat decisions (several in a row) are hers.
    const before = await playUntil(
      [anna, null, null],
      table.id,
      (view) => view.phase !== "bidding",
      (view) => plainChoice(view, 264),
    );
    expect(before).toMatchObject({ phase: "skat", toAct: ANNA, declarer: ANNA });
    const logged = (await actionLog(table.id)).length;

    await ageTurn(table.id, HOUR_MS + MINUTE_MS);
    await ring(table.id);

    const made = (await actionLog(table.id)).slice(logged);
    expect(made[0]).toMatchObject({ seat: ANNA, auto: "timeout" });
    // One missed deadline is one move: whatever Anna must do next has its own full hour.
    expect(made.filter((entry) => entry.auto === "timeout")).toHaveLength(1);
    expect(await automationOf(table.id, ANNA)).toMatchObject({ timeouts: 1, away: false });
    const view = await getView(anna, table.id);
    expect(view.autoSeats[before.dealNumber]).toEqual([ANNA]);
    expect(view.table.seats[ANNA]?.away).toBe(false);
    expect(view.automation).toMatchObject({ away: false });
    expect(view.toAct).toBe(ANNA);
    expect(Date.parse(view.deadline as string)).toBeGreaterThan(Date.now() + HOUR_MS - MINUTE_MS);
  });
});

/**
 * Anna (seat 0), a computer (seat 1) and Bernd (seat 2); Anna lets two deadlines pass in a row.
 * Bernd plays plainly, so the table always waits on him or on Anna.
 */
async function annaGoesAway(): Promise<{
  anna: Player;
  bernd: Player;
  people: (Player | null)[];
  table: { id: string };
  hook: string;
  awayFrom: number;
}> {
  const anna = await createPlayer("Anna");
  const bernd = await createPlayer("Bernd");
  await neverQuiet(anna);
  const hook = await jsonHook(anna);
  const table = await createTable(anna, { seats: 3, deals: 6, bots: 1, moveHours: 1 });
  expect(await join(bernd, table.id, table.invite)).toBe(2);
  const bernds = [null, null, bernd];
  for (let missed = 1; missed <= 2; missed++) {
    await playUntil(
      bernds,
      table.id,
      (view) => view.toAct === ANNA,
      (view) => plainChoice(view, 18),
    );
    await ageTurn(table.id, HOUR_MS + MINUTE_MS);
    await ring(table.id);
    expect(await automationOf(table.id, ANNA)).toMatchObject({
      timeouts: missed,
      away: missed === 2,
    });
  }
  const log = await actionLog(table.id);
  const timeouts = log.filter((entry) => entry.auto === "timeout");
  expect(timeouts.map((entry) => entry.seat)).toEqual([ANNA, ANNA]);
  return {
    anna,
    bernd,
    people: [anna, null, bernd],
    table,
    hook,
    awayFrom: (timeouts[1] as { seq: number }).seq,
  };
}

describe("a seat whose player is away", () => {
  it("is away after two missed deadlines; the computer plays it without waiting until POST /back", async () => {
    const { anna, bernd, table, hook, awayFrom } = await annaGoesAway();
    const annas = await getView(anna, table.id);
    expect(annas.automation).toMatchObject({ away: true });
    expect(annas.table.seats[ANNA]?.away).toBe(true);
    const bernds = await getView(bernd, table.id);
    expect(bernds.table.seats[ANNA]?.away).toBe(true);
    expect(bernds.automation).toMatchObject({ away: false });
    await settle(table.id);
    const turnNotes = async () => (await jsonNotes(hook)).filter((note) => note.type === "turn");
    const notesWhenAway = (await turnNotes()).length;

    // Bernd plays on; whenever it is Anna's turn the computer has already moved for her.
    let view: TableView = bernds;
    const awayMoves = async () =>
      (await actionLog(table.id)).filter((entry) => entry.seq > awayFrom && entry.seat === ANNA);
    for (let moves = 0; (await awayMoves()).length < 3; moves++) {
      expect(moves).toBeLessThan(80);
      expect(view.toAct).toBe(2);
      view = await move(bernd, table.id, (own) => plainChoice(own, 18));
    }
    expect(view.finished).toBe(false);
    expect((await awayMoves()).every((entry) => entry.auto === "away")).toBe(true);
    expect(view.autoSeats.some((seats) => seats.includes(ANNA))).toBe(true);
    await settle(table.id);
    expect(await turnNotes()).toHaveLength(notesWhenAway);

    const back = await call("POST", `/api/tables/${table.id}/back`, {
      token: anna.token,
      address: anna.address,
    });
    expect(back.status).toBe(200);
    const backView = await back.json<TableView>();
    expect(backView.automation).toMatchObject({ away: false });
    expect(backView.table.seats[ANNA]?.away).toBe(false);
    expect(await automationOf(table.id, ANNA)).toMatchObject({ timeouts: 0, away: false });
    expect((await getView(bernd, table.id)).table.seats[ANNA]?.away).toBe(false);

    // From now on the table waits for Anna again, and tells her so.
    await playUntil(
      [null, null, bernd],
      table.id,
      (own) => own.toAct === ANNA,
      (own) => plainChoice(own, 18),
    );
    const waiting = await getView(anna, table.id);
    await ring(table.id);
    expect((await getView(anna, table.id)).version).toBe(waiting.version);
    await settle(table.id);
    expect((await turnNotes()).length).toBeGreaterThan(notesWhenAway);
    await move(anna, table.id);
  });

  it("is taken back by its player acting (a claim or a concession while others are to play)", async () => {
    const { anna, bernd, table } = await annaGoesAway();
    const canAct = (view: TableView) =>
      view.legal.some((action) => action.type === "claim" || action.type === "concede");
    let annas = await getView(anna, table.id);
    for (let moves = 0; !canAct(annas); moves++) {
      expect(moves).toBeLessThan(80);
      await move(bernd, table.id, (own) => plainChoice(own, 18));
      annas = await getView(anna, table.id);
    }
    expect(annas.toAct).not.toBe(ANNA);
    const action =
      annas.legal.find((a) => a.type === "claim") ?? annas.legal.find((a) => a.type === "concede");
    const res = await call("POST", `/api/tables/${table.id}/actions`, {
      token: anna.token,
      address: anna.address,
      body: { version: annas.version, action },
    });
    expect(res.status).toBe(200);
    const after = await res.json<TableView>();
    expect(after.automation).toMatchObject({ away: false });
    expect(after.table.seats[ANNA]?.away).toBe(false);
    expect(await automationOf(table.id, ANNA)).toMatchObject({ timeouts: 0, away: false });
    const last = (await actionLog(table.id)).find(
      (entry) => entry.seat === ANNA && entry.action.type === action?.type,
    );
    expect(last?.auto).toBeNull();
  });
});
