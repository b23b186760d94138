/**
 * Moves the server makes without waiting for a person: computer players, seats whose player is
 * away or let the deadline pass, bids under a player's private bid limit, and forced cards.
 * Pure decisions on the table record; the Table object applies and logs them.
 */
import { chooseAction } from "../shared/bot";
import {
  type Action,
  type GameState,
  legalActions,
  roleOf,
  type Seat,
  seatToAct,
} from "../shared/engine";

export type AutoReason = "bot" | "away" | "timeout" | "bidLimit" | "forced";

/** What a seat asked the server to do for it, and how it has been keeping its time. */
export interface SeatAutomation {
  /** Play a card automatically when it is the only legal one (the player's setting). */
  autoPlay: boolean;
  /** "I go up to N" for one deal: bid or hold up to N, pass above it. */
  bidLimit: { deal: number; value: number } | null;
  /** Deadlines missed in a row; two make the seat away. */
  timeouts: number;
  /** The computer plays for the seat until its player returns. */
  away: boolean;
  /** `turnSince` of the turn a reminder went out for, so there is one per turn. */
  remindedTurn: number | null;
}

export const DEFAULT_AUTOMATION: SeatAutomation = {
  autoPlay: true,
  bidLimit: null,
  timeouts: 0,
  away: false,
  remindedTurn: null,
};

export const AWAY_AFTER_TIMEOUTS = 2;
const HOUR_MS = 3600_000;

export interface AutomationInput {
  game: GameState | null;
  seats: readonly { bot: boolean; playerId: string | null; automation?: SeatAutomation }[];
  moveHours: number;
  turnSince: number | null;
  botSeed: string;
}

export interface AutomaticMove {
  seat: Seat;
  action: Action;
  reason: AutoReason;
}

export function automationOf(seat: { automation?: SeatAutomation }): SeatAutomation {
  return seat.automation ?? DEFAULT_AUTOMATION;
}

export function deadlineOf(
  input: Pick<AutomationInput, "game" | "moveHours" | "turnSince">,
): number | null {
  if (!input.game || input.game.finished || input.turnSince === null) return null;
  return input.turnSince + input.moveHours * HOUR_MS;
}

/** Half the time for a move: when the player to act gets a reminder. */
export function reminderOf(
  input: Pick<AutomationInput, "game" | "moveHours" | "turnSince">,
): number | null {
  if (!input.game || input.game.finished || input.turnSince === null) return null;
  return input.turnSince + (input.moveHours * HOUR_MS) / 2;
}

/** The next move the server makes by itself at `now`, or null when it waits for a person. */
export function automaticMove(input: AutomationInput, now: number): AutomaticMove | null {
  const game = input.game;
  if (!game || game.finished || !game.deal) return null;
  const deal = game.deal;
  const playsForSeat = (seat: Seat) => {
    const record = input.seats[seat];
    return record !== undefined && (record.bot || automationOf(record).away);
  };
  if (deal.claimActive) {
    // Defenders played by the computer answer a claim at once; people answer when they like.
    for (let seat = 0; seat < input.seats.length; seat++) {
      if (!playsForSeat(seat)) continue;
      const role = roleOf(deal, seat);
      if (role === -1 || role === deal.declarer || deal.yielded.includes(role)) continue;
      if (legalActions(game, seat).some((action) => action.type === "acceptClaim")) {
        return {
          seat,
          action: chooseAction(game, seat, `${input.botSeed}:${seat}`),
          reason: reasonFor(input, seat),
        };
      }
    }
  }
  const seat = seatToAct(game);
  if (seat === null) return null;
  const record = input.seats[seat];
  if (!record) return null;
  if (playsForSeat(seat))
    return {
      seat,
      action: chooseAction(game, seat, input.botSeed),
      reason: reasonFor(input, seat),
    };
  const deadline = deadlineOf(input);
  if (deadline !== null && now >= deadline) {
    return { seat, action: chooseAction(game, seat, input.botSeed), reason: "timeout" };
  }
  const automation = automationOf(record);
  const legal = legalActions(game, seat);
  if (
    deal.phase === "bidding" &&
    automation.bidLimit &&
    automation.bidLimit.deal === game.dealNumber
  ) {
    return {
      seat,
      action: bidUnderLimit(legal, deal.bid, automation.bidLimit.value),
      reason: "bidLimit",
    };
  }
  if (deal.phase === "play" && automation.autoPlay) {
    const plays = legal.filter((action) => action.type === "play");
    if (plays.length === 1) return { seat, action: plays[0] as Action, reason: "forced" };
  }
  return null;
}

function reasonFor(input: AutomationInput, seat: Seat): AutoReason {
  return input.seats[seat]?.bot ? "bot" : "away";
}

/**
 * Bidding under "I go up to N": name the next value or hold while it is within N, else pass.
 * Only actions from the legal list are returned.
 */
export function bidUnderLimit(legal: readonly Action[], current: number, limit: number): Action {
  const pass = legal.find((action) => action.type === "pass") as Action;
  if (legal.some((action) => action.type === "hold")) {
    return current <= limit ? (legal.find((action) => action.type === "hold") as Action) : pass;
  }
  const bids = legal.filter((action): action is Action & { type: "bid" } => action.type === "bid");
  const next = bids.reduce<(Action & { type: "bid" }) | null>(
    (lowest, action) => (lowest === null || action.value < lowest.value ? action : lowest),
    null,
  );
  return next !== null && next.value <= limit ? next : pass;
}
