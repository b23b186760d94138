/**
 * What a table has stored, read straight from its Durable Object, and the leak audit: every view
 * anyone received is checked against the engine state it was cut from.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { parseHex, toHex } from "../../../shared/bytes";
import { cardCodes } from "../../../shared/cards";
import { type GameState, type Role, roleOf, type Seat } from "../../../shared/engine";
import { dealSecret } from "../../../shared/fairness";
import { revealDeal } from "../../../shared/view";
import type { TableRecord, TableView } from "../../../worker/table";
import type { LiveMessage } from "./live";

export function tableStub(tableId: string) {
  return env.TABLE.get(env.TABLE.idFromName(tableId));
}

/** Everything a table keeps in its own storage, as stored. */
export interface StoredTable {
  version: number;
  json: string;
  actions: number;
  finishedDeals: number;
  outbox: { kind: string; attempts: number }[];
}

export function readStored(tableId: string): Promise<StoredTable> {
  return runInDurableObject(tableStub(tableId), (_instance, state) => {
    const sql = state.storage.sql;
    const row = sql
      .exec<{ version: number; json: string | null }>(
        "SELECT version, json FROM state WHERE id = 1",
      )
      .one();
    const count = (table: string) =>
      sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).one().n;
    return {
      version: row.version,
      json: row.json ?? "",
      actions: count("actions"),
      finishedDeals: count("deals"),
      outbox: sql
        .exec<{ kind: string; attempts: number }>("SELECT kind, attempts FROM outbox ORDER BY id")
        .toArray(),
    };
  });
}

/** The table's game and log without the outbox, which drains on its own: what a request may change. */
export async function readState(tableId: string): Promise<Omit<StoredTable, "outbox">> {
  const { outbox: _outbox, ...state } = await readStored(tableId);
  return state;
}

export async function readRecord(tableId: string): Promise<TableRecord> {
  return JSON.parse((await readStored(tableId)).json) as TableRecord;
}

/** The card codes `viewer` must not see in the current deal (null: a spectator). */
export function hiddenCards(game: GameState | null, viewer: Seat | null): Set<string> {
  const hidden = new Set<string>();
  const deal = game?.deal;
  if (!deal) return hidden;
  const own = viewer === null ? -1 : roleOf(deal, viewer);
  for (const role of [0, 1, 2] as Role[]) {
    if (role === own) continue;
    if (role === deal.declarer && deal.declarerOpen) continue;
    for (const code of cardCodes(deal.hands[role])) hidden.add(code);
  }
  // The skat (the discards after a pick-up) is seen only by the declarer who picked it up.
  const seesSkat = own !== -1 && own === deal.declarer && deal.pickedUp;
  if (!seesSkat) for (const code of cardCodes(deal.skat)) hidden.add(code);
  return hidden;
}

/** Fields of a table view; anything new must be thought through for leaks before it is added. */
const VIEW_FIELDS = new Set([
  "table",
  "version",
  "deadline",
  "automation",
  "autoSeats",
  "players",
  "deals",
  "dealNumber",
  "seat",
  "finished",
  "phase",
  "dealer",
  "roles",
  "toAct",
  "hand",
  "handCounts",
  "skat",
  "bidding",
  "auction",
  "declarer",
  "bid",
  "game",
  "trick",
  "tricks",
  "lastTrick",
  "tricksWon",
  "openHand",
  "claim",
  "previous",
  "sheet",
  "standings",
  "legal",
]);

/** Names that would carry whole hands, decks or secrets if they ever showed up in a view. */
const FORBIDDEN_KEYS = new Set([
  "hands",
  "deck",
  "decks",
  "seeds",
  "dealt",
  "masterSecret",
  "secret",
  "nonces",
]);

/** Secrets that would let someone compute hidden cards: the master secret, unfinished deals' secrets and seeds. */
function secretsOf(record: TableRecord): string[] {
  const game = record.game;
  const first = game ? game.dealNumber : 0;
  const master = parseHex(record.masterSecret) as Uint8Array;
  const secrets = [record.masterSecret];
  for (let k = first; k < record.deals; k++) {
    secrets.push(toHex(dealSecret(master, k)));
    const seed = game?.seeds?.[k];
    if (seed) secrets.push(seed);
  }
  return secrets;
}

/** Every problem with `view` as the view of `viewer` at the state `record`; empty when clean. */
export function leaksIn(view: TableView, viewer: Seat | null, record: TableRecord): string[] {
  const problems: string[] = [];
  if (view.seat !== viewer) problems.push(`view of seat ${view.seat} sent to seat ${viewer}`);
  // A seat's bid limit and settings are its own: a spectator's view carries none.
  if (viewer === null && view.automation !== null)
    problems.push("a spectator sees a seat's automation");
  for (const key of Object.keys(view)) {
    if (!VIEW_FIELDS.has(key)) problems.push(`unexpected view field ${key}`);
  }
  const game = record.game;
  const hidden = hiddenCards(game, viewer);
  const { previous, ...current } = view;
  const walk = (value: unknown, path: string): void => {
    if (typeof value === "string") {
      if (hidden.has(value)) problems.push(`${path} shows the hidden card ${value}`);
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`);
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.has(key)) problems.push(`${path}.${key} must not be in a view`);
        walk(item, `${path}.${key}`);
      }
    }
  };
  walk(current, "view");
  // A finished deal is public; `previous` must be exactly that deal, nothing of the current one.
  const expectedPrevious = game?.previous ? revealDeal(game.previous, game.dealNumber - 1) : null;
  if (game?.previous && game.previous.phase !== "over") problems.push("previous is not over");
  if (JSON.stringify(previous) !== JSON.stringify(expectedPrevious)) {
    problems.push("previous is not the reveal of the last finished deal");
  }
  const text = JSON.stringify(view);
  for (const secret of secretsOf(record)) {
    if (text.includes(secret)) problems.push(`a secret or seed appears in the view`);
  }
  // The viewer's own hand is there, exactly.
  const deal = game?.deal;
  if (viewer !== null && deal) {
    const role = roleOf(deal, viewer);
    const expected = role === -1 ? [] : cardCodes(deal.hands[role]);
    if (JSON.stringify(view.hand) !== JSON.stringify(expected)) {
      problems.push(`hand ${view.hand.join(" ")} instead of ${expected.join(" ")}`);
    }
  }
  return problems;
}

/**
 * Collects every view anyone received at one table, with who received it, and checks them all
 * against the stored state of their version. Call `snapshot()` after every accepted change.
 */
export class ViewAudit {
  private readonly snapshots = new Map<number, TableRecord>();
  private readonly seen: { source: string; viewer: Seat | null; view: TableView }[] = [];

  constructor(readonly tableId: string) {}

  async snapshot(): Promise<TableRecord> {
    const record = await readRecord(this.tableId);
    this.snapshots.set(record.version, record);
    return record;
  }

  see(source: string, viewer: Seat | null, view: TableView | undefined): void {
    if (!view) throw new Error(`${source}: no view`);
    this.seen.push({ source, viewer, view });
  }

  /** Socket messages: views and the views inside error messages. */
  seeMessages(source: string, viewer: Seat | null, messages: readonly LiveMessage[]): void {
    for (const message of messages) if (message.view) this.see(source, viewer, message.view);
  }

  /** Checks everything seen so far; throws with the first problems. Returns counts by source. */
  verify(): { views: number; bySource: Record<string, number> } {
    const problems: string[] = [];
    const bySource: Record<string, number> = {};
    for (const { source, viewer, view } of this.seen) {
      bySource[source] = (bySource[source] ?? 0) + 1;
      const record = this.snapshots.get(view.version);
      if (!record) {
        problems.push(`${source} v${view.version}: no snapshot of that version`);
        continue;
      }
      for (const problem of leaksIn(view, viewer, record)) {
        problems.push(`${source} v${view.version}: ${problem}`);
      }
    }
    if (problems.length > 0) {
      throw new Error(
        `${problems.length} problems in ${this.seen.length} views:\n${problems.slice(0, 20).join("\n")}`,
      );
    }
    return { views: this.seen.length, bySource };
  }
}
