/**
 * How often a person has to be asked to move, per deal, with and without the server's helpers
 * (issue 6, "Fewer hand-offs"). `tsx scripts/handoffs.ts [deals]` (2,000 by default) prints JSON
 * lines `{"name", "value", "unit"}`, including each helper on its own; `npm run bench` prints the
 * figures for 2,000 deals without and with both helpers.
 *
 * The table: three seats, every one of them a person, each played here by the bot
 * (`chooseAction`) standing in for that person. Each deal is its own one-deal game from a fixed
 * seed (`seedHex(i)`), the dealer rotating with `i`, so the figures are the same on every run.
 *
 * What counts as an ask. After every move, once the server has made all the moves it makes by
 * itself (the real `automaticMove` of worker/auto.ts, applied until it returns null), the table
 * is at rest and waits on a set of seats: the seat to act, and during a declarer's claim every
 * defender who has not answered yet. An ask is a seat entering that set: the table starts waiting
 * on a seat that it was not waiting on at the previous rest. So decisions that a seat makes one
 * after another while the table keeps waiting on it are one ask: bid answers with nobody else
 * moving in between, pick up, discard and declare, the forehand declarer's declaration and first
 * lead, and a seat whose turn comes back after the others' cards were all played for them.
 * Optional moves that nothing waits for (claiming, conceding) never open an ask of their own. An
 * ask is filed under the phase in which it starts: bidding, declaring (the declarer's skat,
 * discard and game) or play (cards and answers to a claim). Each deal starts with nobody waited on.
 *
 * Without helpers: every seat has `autoPlay` off and no bid limit, so `automaticMove` never moves
 * and every decision belongs to an ask.
 *
 * With helpers: at the start of the deal every seat sets "I go up to N" with N the bot's own
 * limit, `biddingLimit(hand, role)` from shared/bot.ts: the bot's bidding is exactly "name the
 * next value or hold while within the limit, else pass" on that number, the rule `bidUnderLimit`
 * implements, so the server bids move for move as the bot would (test/node/handoffs.test.ts
 * checks that on every bidding decision of a few hundred deals). `autoPlay` is on (the default),
 * so a seat's only legal card is played for it. The bidding is then entirely the server's; the
 * limit itself is set while nobody waits on the seat (any time before its first bid), so it is not
 * counted as an ask. If it were, every deal would cost each seat one more interaction.
 *
 * The helpers can change the course of a deal a little: a declarer whose only card is played for
 * him has no chance to claim or concede at that moment. Both tables are therefore played out in
 * full, each with its own moves.
 */
import { fileURLToPath } from "node:url";
import { biddingLimit, chooseAction } from "../shared/bot";
import { toHex } from "../shared/bytes";
import { hand } from "../shared/cards";
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  newGame,
  type Role,
  type Seat,
  seatToAct,
} from "../shared/engine";
import { viewFor } from "../shared/view";
import { type AutomationInput, automaticMove, DEFAULT_AUTOMATION } from "../worker/auto";

export interface Helpers {
  bidLimit: boolean;
  forcedCard: boolean;
}

export const WITHOUT_HELPERS: Helpers = { bidLimit: false, forcedCard: false };
export const WITH_HELPERS: Helpers = { bidLimit: true, forcedCard: true };

export type AskPhase = "bidding" | "declaring" | "play";
export const ASK_PHASES: readonly AskPhase[] = ["bidding", "declaring", "play"];

export interface Ask {
  seat: Seat;
  phase: AskPhase;
}

/** The person behind a seat: the moves the table waits for, and the bid limit set up front. */
export interface Person {
  decide(state: GameState, seat: Seat): Action;
  bidLimit(state: GameState, seat: Seat): number;
}

/** The bot as the person: its own moves, and as limit the highest value it would bid or hold. */
export function botPerson(seed: string): Person {
  return {
    decide: (state, seat) => chooseAction(state, seat, seed),
    bidLimit: (state, seat) => {
      const view = viewFor(state, seat);
      const role = (view.roles as readonly Seat[]).indexOf(seat) as Role;
      return biddingLimit(hand(view.hand.join(" ")), role);
    },
  };
}

/** The seats the table waits on: the seat to act and the defenders yet to answer a claim. */
export function waitingOn(state: GameState): Seat[] {
  if (state.finished || !state.deal) return [];
  const waiting: Seat[] = [];
  const toAct = seatToAct(state);
  if (toAct !== null) waiting.push(toAct);
  if (state.deal.claimActive) {
    for (const seat of state.deal.roles) {
      if (seat === toAct) continue;
      if (legalActions(state, seat).some((action) => action.type === "acceptClaim")) {
        waiting.push(seat);
      }
    }
  }
  return waiting;
}

/** Seats of `now` that were not in `before`: the asks of one rest of the table. */
export function newAsks(before: readonly Seat[], now: readonly Seat[]): Seat[] {
  return now.filter((seat) => !before.includes(seat));
}

function phaseOf(state: GameState): AskPhase {
  const phase = state.deal?.phase;
  if (phase === "bidding") return "bidding";
  if (phase === "skat" || phase === "discard" || phase === "declare") return "declaring";
  return "play";
}

function mustApply(state: GameState, seat: Seat, action: Action): GameState {
  const applied = apply(state, seat, action);
  if (!applied.ok) {
    throw new Error(
      `handoffs: ${JSON.stringify(action)} by seat ${seat}: ${applied.error.message}`,
    );
  }
  return applied.value.state;
}

export interface DealAsks {
  asks: Ask[];
  /** Moves the people made (every move not made by the server). */
  decisions: number;
  /** Moves the server made for them: bids under a limit and forced cards. */
  automatic: number;
}

/**
 * Plays the one deal of `game` (a fresh one-deal game) to its end and returns its asks. Claims
 * are answered as soon as they are made, by the defenders in role order, as the self-play does.
 */
export function playDeal(game: GameState, helpers: Helpers, person: Person): DealAsks {
  const seats = game.deal?.roles ?? [];
  const input: AutomationInput = {
    game,
    seats: [0, 1, 2].map((seat) => ({
      bot: false,
      playerId: `person-${seat}`,
      automation: {
        ...DEFAULT_AUTOMATION,
        autoPlay: helpers.forcedCard,
        bidLimit: helpers.bidLimit
          ? { deal: game.dealNumber, value: person.bidLimit(game, seat) }
          : null,
      },
    })),
    moveHours: 24,
    turnSince: null,
    botSeed: "unused: no seat is a computer player or away",
  };
  let state = game;
  let waiting: Seat[] = [];
  const result: DealAsks = { asks: [], decisions: 0, automatic: 0 };
  while (!state.finished) {
    for (;;) {
      const move = automaticMove({ ...input, game: state }, 0);
      if (move === null) break;
      state = mustApply(state, move.seat, move.action);
      result.automatic++;
      if (state.finished) break;
    }
    if (state.finished) break;
    const now = waitingOn(state);
    const phase = phaseOf(state);
    for (const seat of newAsks(waiting, now)) result.asks.push({ seat, phase });
    waiting = now;
    const answering = seats.find(
      (seat) => seat !== seatToAct(state) && now.includes(seat) && state.deal?.claimActive,
    );
    const seat = answering ?? (seatToAct(state) as Seat);
    state = mustApply(state, seat, person.decide(state, seat));
    result.decisions++;
  }
  return result;
}

/** The fixed seed of deal `i`. */
export function seedHex(i: number): string {
  const seed = new Uint8Array(32);
  new DataView(seed.buffer).setUint32(0, i);
  seed[31] = 0x6f; // apart from the other benchmarks' seeds
  return toHex(seed);
}

export function dealGame(i: number): GameState {
  const created = newGame({ players: 3, deals: 1, firstDealer: i % 3, seeds: [seedHex(i)] });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export interface HandoffSummary {
  deals: number;
  /** Mean asks per deal, all seats together. */
  perDeal: number;
  /** Mean asks per deal of each seat (index = seat). */
  perSeat: number[];
  /** Mean asks per deal by the phase they start in. */
  byPhase: Record<AskPhase, number>;
  /** Mean moves per deal made by the people, and by the server for them. */
  decisionsPerDeal: number;
  automaticPerDeal: number;
}

export function measureHandoffs(deals: number, helpers: Helpers): HandoffSummary {
  const perSeat = [0, 0, 0];
  const byPhase: Record<AskPhase, number> = { bidding: 0, declaring: 0, play: 0 };
  let total = 0;
  let decisions = 0;
  let automatic = 0;
  for (let i = 0; i < deals; i++) {
    const played = playDeal(dealGame(i), helpers, botPerson(`handoffs:${i}`));
    for (const ask of played.asks) {
      total++;
      perSeat[ask.seat] = (perSeat[ask.seat] as number) + 1;
      byPhase[ask.phase]++;
    }
    decisions += played.decisions;
    automatic += played.automatic;
  }
  return {
    deals,
    perDeal: total / deals,
    perSeat: perSeat.map((count) => count / deals),
    byPhase: {
      bidding: byPhase.bidding / deals,
      declaring: byPhase.declaring / deals,
      play: byPhase.play / deals,
    },
    decisionsPerDeal: decisions / deals,
    automaticPerDeal: automatic / deals,
  };
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

function reduction(without: number, withHelpers: number): number {
  return without === 0 ? 0 : Math.round((1 - withHelpers / without) * 1000) / 10;
}

/**
 * The figures over the same `deals` deals, without and with both helpers; with `eachHelper`, also
 * with one helper at a time (twice the work, so `npm run bench` leaves it out).
 */
export function handoffFigures(deals = 2000, eachHelper = false): Figure[] {
  const without = measureHandoffs(deals, WITHOUT_HELPERS);
  const withHelpers = measureHandoffs(deals, WITH_HELPERS);
  const unit = "asks/deal";
  const figures: Figure[] = [];
  for (const [suffix, summary] of [
    ["without", without],
    ["with", withHelpers],
  ] as const) {
    figures.push({ name: `handoffs_per_deal_${suffix}`, value: round3(summary.perDeal), unit });
    summary.perSeat.forEach((value, seat) => {
      figures.push({ name: `handoffs_seat${seat}_per_deal_${suffix}`, value: round3(value), unit });
    });
    for (const phase of ASK_PHASES) {
      figures.push({
        name: `handoffs_${phase}_per_deal_${suffix}`,
        value: round3(summary.byPhase[phase]),
        unit,
      });
    }
  }
  figures.push(
    {
      name: "handoffs_reduction_percent",
      value: reduction(without.perDeal, withHelpers.perDeal),
      unit: "%",
    },
    {
      name: "handoffs_bidding_reduction_percent",
      value: reduction(without.byPhase.bidding, withHelpers.byPhase.bidding),
      unit: "%",
    },
    {
      name: "handoffs_play_reduction_percent",
      value: reduction(without.byPhase.play, withHelpers.byPhase.play),
      unit: "%",
    },
    {
      name: "handoffs_decisions_per_deal_without",
      value: round3(without.decisionsPerDeal),
      unit: "moves/deal",
    },
    {
      name: "handoffs_automatic_moves_per_deal_with",
      value: round3(withHelpers.automaticPerDeal),
      unit: "moves/deal",
    },
    { name: "handoffs_deals", value: deals, unit: "deals" },
  );
  if (eachHelper) {
    for (const [name, helpers] of [
      ["handoffs_per_deal_bid_limit_only", { bidLimit: true, forcedCard: false }],
      ["handoffs_per_deal_forced_card_only", { bidLimit: false, forcedCard: true }],
    ] as const) {
      figures.push({ name, value: round3(measureHandoffs(deals, helpers).perDeal), unit });
    }
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const deals = process.argv[2] === undefined ? 2000 : Number(process.argv[2]);
  if (!Number.isInteger(deals) || deals < 1) {
    console.error("usage: tsx scripts/handoffs.ts [deals]");
    process.exit(2);
  }
  for (const figure of handoffFigures(deals, true)) console.log(JSON.stringify(figure));
}
