/**
 * Test fixtures written on card notation. A deal is given as the four parts the players see
 * (`dealFrom({fh: "CJ SJ ...", mh: "...", rh: "...", skat: "D7 D8"})`), and a table is driven by
 * a short script of steps by role, read like a score sheet:
 *
 *   run(state, "mh bid 18, fh hold, mh pass, rh pass, fh pickUp, fh discard D7 D8, fh declare clubs")
 *   run(state, "cards CJ SJ HJ  CA C7 C8")   // each card from whoever is to act
 *
 * Steps: `<fh|mh|rh> bid N | hold | pass | pickUp | discard A B | declare GAME [hand] [schneider]
 * [schwarz] [ouvert] | play C | concede | claim | accept | reject`, and `cards C1 C2 ...`.
 * A declaration lists its flags explicitly: the words given are true, the others false.
 * Every helper throws on a rejected step (with the rule error's code), so a test fails at the
 * line that went wrong.
 */
import { type Card, cards } from "../cards";
import {
  type Action,
  apply,
  type DealResult,
  type DealState,
  type GameEvent,
  type GameState,
  legalActions,
  newGame,
  type Role,
  type Seat,
  seatToAct,
} from "../engine";
import { GAME_NAMES, type GameName } from "../games";
import type { Result, RuleError } from "../result";

export interface DealCards {
  fh: string;
  mh: string;
  rh: string;
  skat: string;
}

export type RoleName = "fh" | "mh" | "rh";
const ROLE_NAMES: readonly RoleName[] = ["fh", "mh", "rh"];

/** The deck permutation of a deal: 0-9 forehand, 10-19 middlehand, 20-29 rearhand, 30-31 skat. */
export function dealFrom(parts: DealCards): Card[] {
  const sizes: [keyof DealCards, number][] = [
    ["fh", 10],
    ["mh", 10],
    ["rh", 10],
    ["skat", 2],
  ];
  const deck: Card[] = [];
  for (const [part, size] of sizes) {
    const partCards = cards(parts[part]);
    if (partCards.length !== size) {
      throw new Error(`${part} needs ${size} cards, got ${partCards.length}: ${parts[part]}`);
    }
    deck.push(...partCards);
  }
  if (new Set(deck).size !== 32) throw new Error("a deal uses every card exactly once");
  return deck;
}

export interface TableOptions {
  players?: 3 | 4;
  firstDealer?: Seat;
  /** Number of deals in the series (default: one per deal given; the deals given repeat). */
  deals?: number;
}

/** A new table whose deals are dealt from the given parts (one per deal of the series). */
export function tableFrom(deals: DealCards | DealCards[], options: TableOptions = {}): GameState {
  const list = (Array.isArray(deals) ? deals : [deals]).map(dealFrom);
  const count = options.deals ?? list.length;
  const result = newGame({
    players: options.players ?? 3,
    deals: count,
    firstDealer: options.firstDealer ?? 0,
    decks: Array.from({ length: count }, (_, index) => list[index % list.length] as Card[]),
  });
  if (!result.ok) throw new Error(`newGame: ${result.error.code} ${result.error.message}`);
  return result.value;
}

export function roleIndex(name: RoleName): Role {
  return ROLE_NAMES.indexOf(name) as Role;
}

/** The table seat holding a role in the current deal. */
export function seatOf(state: GameState, name: RoleName): Seat {
  return currentDeal(state).roles[roleIndex(name)];
}

export function currentDeal(state: GameState): DealState {
  if (!state.deal) throw new Error("the series is over: no current deal");
  return state.deal;
}

/** The deal that ended last (the series state moves on to the next deal at once). */
export function lastDeal(state: GameState): DealState {
  if (!state.previous) throw new Error("no deal has ended yet");
  return state.previous;
}

export function lastResult(state: GameState): DealResult {
  const result = lastDeal(state).result;
  if (!result) throw new Error("the last deal was passed in");
  return result;
}

export interface Step {
  role: RoleName;
  action: Action;
}

/** Parses one step such as `mh bid 18`, `fh discard D7 D8` or `rh declare grand hand`. */
export function parseStep(text: string): Step {
  const [role, verb, ...args] = text.trim().split(/\s+/);
  if (!ROLE_NAMES.includes(role as RoleName)) throw new Error(`step needs a role: ${text}`);
  return { role: role as RoleName, action: parseAction(verb ?? "", args, text) };
}

function parseAction(verb: string, args: string[], text: string): Action {
  switch (verb) {
    case "bid":
      return { type: "bid", value: Number(args[0]) };
    case "hold":
    case "pass":
    case "pickUp":
    case "concede":
    case "claim":
      return { type: verb };
    case "accept":
      return { type: "acceptClaim" };
    case "reject":
      return { type: "rejectClaim" };
    case "discard":
      return { type: "discard", cards: [args[0] ?? "", args[1] ?? ""] };
    case "play":
      return { type: "play", card: args[0] ?? "" };
    case "declare": {
      const [game, ...flags] = args;
      if (!GAME_NAMES.includes(game as GameName)) throw new Error(`unknown game in: ${text}`);
      for (const flag of flags) {
        if (!["hand", "schneider", "schwarz", "ouvert"].includes(flag)) {
          throw new Error(`unknown flag ${flag} in: ${text}`);
        }
      }
      return {
        type: "declare",
        game: game as GameName,
        hand: flags.includes("hand"),
        schneider: flags.includes("schneider"),
        schwarz: flags.includes("schwarz"),
        ouvert: flags.includes("ouvert"),
      };
    }
    default:
      throw new Error(`unknown step: ${text}`);
  }
}

/** The inverse of parseStep's action part: `bid 18`, `declare clubs hand schneider`, `play CJ`. */
export function describeAction(action: Action): string {
  switch (action.type) {
    case "bid":
      return `bid ${action.value}`;
    case "discard":
      return `discard ${action.cards.join(" ")}`;
    case "play":
      return `play ${action.card}`;
    case "acceptClaim":
      return "accept";
    case "rejectClaim":
      return "reject";
    case "declare": {
      const flags = (["hand", "schneider", "schwarz", "ouvert"] as const).filter(
        (flag) => action[flag],
      );
      return ["declare", action.game, ...flags].join(" ");
    }
    default:
      return action.type;
  }
}

/** The legal actions of a role, described as steps (`bid 18`, `pass`, ...). */
export function legalSteps(state: GameState, name: RoleName): string[] {
  return legalActions(state, seatOf(state, name)).map(describeAction);
}

/** Applies one step and returns the engine's answer unchanged. */
export function attempt(
  state: GameState,
  text: string,
): Result<{ state: GameState; events: GameEvent[] }> {
  const { role, action } = parseStep(text);
  return apply(state, seatOf(state, role), action);
}

/** The error code of a step the engine must reject; throws if it was accepted. */
export function rejection(state: GameState, text: string): RuleError["code"] {
  const result = attempt(state, text);
  if (result.ok) throw new Error(`expected a rejection, but the engine accepted: ${text}`);
  return result.error.code;
}

/** Applies a comma-separated script of steps; `cards A B C ...` plays each card in turn. */
export function run(state: GameState, script: string): GameState {
  let current = state;
  for (const text of script.split(/[,\n]/).map((step) => step.trim())) {
    if (text === "") continue;
    if (text.startsWith("cards ")) {
      current = playCards(current, text.slice(6));
      continue;
    }
    const result = attempt(current, text);
    if (!result.ok)
      throw new Error(`step "${text}" rejected: ${result.error.code} ${result.error.message}`);
    current = result.value.state;
  }
  return current;
}

/** Plays the cards in order, each by the seat whose turn it is. */
export function playCards(state: GameState, notation: string): GameState {
  let current = state;
  for (const code of notation.trim().split(/\s+/)) {
    const seat = seatToAct(current);
    if (seat === null) throw new Error(`nobody is to play ${code}: the deal is over`);
    const result = apply(current, seat, { type: "play", card: code });
    if (!result.ok) {
      throw new Error(
        `card ${code} by seat ${seat} rejected: ${result.error.code} ${result.error.message}`,
      );
    }
    current = result.value.state;
  }
  return current;
}

/** The auction that makes a role declarer at a bid with nobody else bidding. */
export function auctionFor(declarer: RoleName, bid: number): string {
  switch (declarer) {
    case "fh":
      return `mh bid ${bid}, fh hold, mh pass, rh pass`;
    case "mh":
      return `mh bid ${bid}, fh pass, rh pass`;
    case "rh":
      return `mh pass, rh bid ${bid}, fh pass`;
  }
}

/** A deal several rule tests share: forehand holds the club jacks and a long club suit. */
export const CLUBS_DEAL: DealCards = {
  fh: "CJ SJ CA CT CK CQ C9 HA HT H7",
  mh: "HJ DJ SA ST SK SQ S9 S8 S7 D7",
  rh: "DA DT DK DQ D9 D8 HK HQ H9 H8",
  skat: "C8 C7",
};
