/**
 * `skat selfplay --deals N --seed S [--players random|bot|<kind>,<kind>,<kind>[,<kind>]]`
 *
 * Plays N complete deals (bidding, skat, declaration, every trick, scoring) through the public
 * `apply`, and prints one JSON line with the totals. Deterministic for a seed, timing aside.
 *
 * - Players: one kind for every seat, or a kind per seat (three or four seats; four makes a
 *   four-table where the dealer sits out). Seats keep their kind; the dealer rotates every deal,
 *   so every kind sits in every position.
 * - The deals are played as consecutive series of 36 (3 players) or 48 (4 players) deals, each
 *   deck a Fisher-Yates shuffle drawn from the seeded generator.
 * - A random player picks uniformly among its legal actions except concede, claim, acceptClaim
 *   and rejectClaim, so every deal is played out; it ignores claims.
 * - `mean_list_points_per_deal[kind]` is the classic list score of one player of that kind per deal:
 *   the list points of all its seats over deals x seats of that kind.
 */
import { chooseAction } from "../shared/bot";
import type { Card } from "../shared/cards";
import {
  type Action,
  apply,
  type DealState,
  type GameState,
  legalActions,
  newGame,
  type Seat,
  seatToAct,
} from "../shared/engine";
import { type Rng, rngFromBytes } from "../shared/rng";

export const PLAYER_KINDS = ["random", "bot"] as const;
/** An upper bound that keeps a mistyped count from running for days. */
export const MAX_DEALS = 10_000_000;
export type PlayerKind = (typeof PLAYER_KINDS)[number];

export interface SelfplayOptions {
  deals: number;
  seed: string;
  /** A kind per seat: three or four seats. */
  players: readonly PlayerKind[];
}

export interface KindStats {
  seats: number;
  /** Deals this kind of player declared. */
  declared: number;
  won: number;
  lost: number;
  overbid: number;
  listPoints: number;
  meanListPointsPerDeal: number;
}

export interface SelfplayReport {
  deals: number;
  passedIn: number;
  declarerWins: number;
  declarerLosses: number;
  meanListPointsPerDeal: Record<string, number>;
  byKind: Record<string, KindStats>;
  seconds: number;
  dealsPerSecond: number;
}

/** The actions that end or shortcut a deal by agreement; random players never choose them. */
function isAgreement(action: Action): boolean {
  const type = action.type;
  return type === "concede" || type === "claim" || type === "acceptClaim" || type === "rejectClaim";
}

/**
 * A uniformly random legal action other than an agreement. `legalActions` lists the cards to play
 * first and the agreements last, so the choice is among a prefix of the list: nothing allocated.
 */
export function randomAction(state: GameState, seat: Seat, rng: Rng): Action {
  const legal = legalActions(state, seat);
  let count = legal.length;
  while (count > 0 && isAgreement(legal[count - 1] as Action)) count--;
  if (count === 0) throw new Error(`selfplay: seat ${seat} has nothing to play`);
  return legal[count === 1 ? 0 : rng.nextInt(count)] as Action;
}

const ORDERED_DECK: readonly Card[] = Array.from({ length: 32 }, (_, card) => card);

function randomDeck(rng: Rng): Card[] {
  const deck = ORDERED_DECK.slice();
  for (let i = 31; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const card = deck[i] as Card;
    deck[i] = deck[j] as Card;
    deck[j] = card;
  }
  return deck;
}

function mustApply(state: GameState, seat: Seat, action: Action): GameState {
  const applied = apply(state, seat, action);
  if (!applied.ok) {
    throw new Error(
      `selfplay: ${JSON.stringify(action)} by seat ${seat} refused: ${applied.error.message}`,
    );
  }
  return applied.value.state;
}

/** Bot defenders answer a pending claim; random players ignore claims. */
function answerClaim(state: GameState, kinds: readonly PlayerKind[], rng: Rng): GameState {
  let current = state;
  const dealNumber = state.dealNumber;
  for (const seat of (state.deal as DealState).roles) {
    const deal = current.deal;
    if (current.dealNumber !== dealNumber || !deal?.claimActive) break;
    if (kinds[seat] !== "bot" || !legalActions(current, seat).some((a) => a.type === "acceptClaim"))
      continue;
    current = mustApply(current, seat, chooseAction(current, seat, rng.nextUint32()));
  }
  return current;
}

function emptyStats(seats: number): KindStats {
  return {
    seats,
    declared: 0,
    won: 0,
    lost: 0,
    overbid: 0,
    listPoints: 0,
    meanListPointsPerDeal: 0,
  };
}

export function runSelfplay(options: SelfplayOptions): SelfplayReport {
  const { deals, players: kinds } = options;
  const players = kinds.length as 3 | 4;
  if (players !== 3 && players !== 4) throw new RangeError("selfplay: three or four players");
  const rng = rngFromBytes(new TextEncoder().encode(options.seed));
  const byKind: Record<string, KindStats> = {};
  for (const kind of kinds) {
    byKind[kind] = byKind[kind] ?? emptyStats(0);
    (byKind[kind] as KindStats).seats++;
  }
  const seriesLength = players === 3 ? 36 : 48;
  let passedIn = 0;
  let declarerWins = 0;
  let declarerLosses = 0;

  const started = performance.now();
  for (let done = 0; done < deals; ) {
    const length = Math.min(seriesLength, deals - done);
    const decks = Array.from({ length }, () => randomDeck(rng));
    const created = newGame({ players, deals: length, firstDealer: done % players, decks });
    if (!created.ok) throw new Error(`selfplay: ${created.error.message}`);
    let state = created.value;
    while (!state.finished) {
      const seat = seatToAct(state) as Seat;
      const action =
        kinds[seat] === "random"
          ? randomAction(state, seat, rng)
          : chooseAction(state, seat, rng.nextUint32());
      const dealNumber = state.dealNumber;
      state = mustApply(state, seat, action);
      if (state.dealNumber === dealNumber) {
        if (state.deal?.claimActive) state = answerClaim(state, kinds, rng);
        if (state.dealNumber === dealNumber) continue;
      }
      const finished = state.previous as DealState;
      const result = finished.result;
      if (result === null || finished.declarer === -1) {
        passedIn++;
        continue;
      }
      const stats = byKind[kinds[finished.roles[finished.declarer]] as PlayerKind] as KindStats;
      stats.declared++;
      stats.listPoints += result.score;
      if (result.overbid) stats.overbid++;
      if (result.won) {
        stats.won++;
        declarerWins++;
      } else {
        stats.lost++;
        declarerLosses++;
      }
    }
    done += length;
  }
  const seconds = (performance.now() - started) / 1000;

  const meanListPointsPerDeal: Record<string, number> = {};
  for (const [kind, stats] of Object.entries(byKind)) {
    stats.meanListPointsPerDeal = deals > 0 ? round(stats.listPoints / (deals * stats.seats)) : 0;
    meanListPointsPerDeal[kind] = stats.meanListPointsPerDeal;
  }
  return {
    deals,
    passedIn,
    declarerWins,
    declarerLosses,
    meanListPointsPerDeal,
    byKind,
    seconds: round(seconds),
    dealsPerSecond: seconds > 0 ? Math.round(deals / seconds) : 0,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

const USAGE = `usage: skat selfplay --deals N --seed S [--players random|bot|<kind>,<kind>,<kind>[,<kind>]]
  --deals N    number of complete deals to play (1 to ${MAX_DEALS.toLocaleString("en")})
  --seed S     any text; the same seed plays the same deals
  --players    one kind for every seat, or one per seat (3 seats, or 4 for a four-table);
               kinds: ${PLAYER_KINDS.join(", ")} (default: random)
`;

export type ParsedArgs = { ok: true; options: SelfplayOptions } | { ok: false; error: string };

/** Parses `--deals N --seed S [--players ...]` (also `--name=value`). */
export function parseArgs(args: readonly string[]): ParsedArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const match = /^--(deals|seed|players)(?:=(.*))?$/.exec(arg);
    if (!match) return { ok: false, error: `unknown argument "${arg}"` };
    const name = match[1] as string;
    let value = match[2];
    if (value === undefined) {
      value = args[i + 1];
      i++;
      if (value === undefined) return { ok: false, error: `--${name} needs a value` };
    }
    if (values.has(name)) return { ok: false, error: `--${name} given twice` };
    values.set(name, value);
  }
  const dealsText = values.get("deals");
  if (dealsText === undefined) return { ok: false, error: "--deals is required" };
  if (!/^\d+$/.test(dealsText) || Number(dealsText) < 1 || Number(dealsText) > MAX_DEALS) {
    return {
      ok: false,
      error: `--deals must be a whole number from 1 to ${MAX_DEALS}, not "${dealsText}"`,
    };
  }
  const seed = values.get("seed");
  if (seed === undefined) return { ok: false, error: "--seed is required" };
  if (seed === "") return { ok: false, error: "--seed must not be empty" };
  const kinds = (values.get("players") ?? "random").split(",");
  for (const kind of kinds) {
    if (!(PLAYER_KINDS as readonly string[]).includes(kind)) {
      return {
        ok: false,
        error: `unknown player kind "${kind}" (kinds: ${PLAYER_KINDS.join(", ")})`,
      };
    }
  }
  if (kinds.length === 2 || kinds.length > 4) {
    return {
      ok: false,
      error: `--players names one kind or one per seat (3 or 4), not ${kinds.length}`,
    };
  }
  const players = (kinds.length === 1 ? [kinds[0], kinds[0], kinds[0]] : kinds) as PlayerKind[];
  return { ok: true, options: { deals: Number(dealsText), seed, players } };
}

/** The report as the CLI prints it (snake_case, like the other commands' output). */
export function reportJson(
  options: SelfplayOptions,
  report: SelfplayReport,
): Record<string, unknown> {
  const byKind: Record<string, unknown> = {};
  for (const [kind, stats] of Object.entries(report.byKind)) {
    byKind[kind] = {
      seats: stats.seats,
      declared: stats.declared,
      won: stats.won,
      lost: stats.lost,
      overbid: stats.overbid,
      list_points: stats.listPoints,
      mean_list_points_per_deal: stats.meanListPointsPerDeal,
    };
  }
  return {
    deals: report.deals,
    passed_in: report.passedIn,
    declarer_wins: report.declarerWins,
    declarer_losses: report.declarerLosses,
    mean_list_points_per_deal: report.meanListPointsPerDeal,
    players: options.players,
    by_kind: byKind,
    seconds: report.seconds,
    deals_per_second: report.dealsPerSecond,
  };
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed.ok) {
    process.stderr.write(`skat selfplay: ${parsed.error}\n${USAGE}`);
    return 2;
  }
  const report = runSelfplay(parsed.options);
  process.stdout.write(`${JSON.stringify(reportJson(parsed.options, report))}\n`);
  return 0;
}
