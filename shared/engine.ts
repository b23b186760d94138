/**
 * The table engine: a whole series of deals as one plain, serialisable state, advanced only by
 * `apply(state, seat, action)`. `legalActions(state, seat)` lists exactly what `apply` accepts.
 *
 * Seats are the table's places (0..players-1). Inside a deal the three active players are handled
 * by role: 0 forehand, 1 middlehand, 2 rearhand; `deal.roles[role]` is the seat. At a four-table
 * the dealer sits out and has no role.
 */

import { BID_VALUES, isBidValue } from "./bidding";
import { parseHex } from "./bytes";
import {
  type Card,
  type CardMask,
  cardCode,
  cardsOf,
  countCards,
  hasCard,
  maskOf,
  parseCard,
  pointsOf,
} from "./cards";
import {
  GAME_NAMES,
  type GameKind,
  type GameName,
  gameKindOf,
  NULL,
  playableCards,
  trickWinner,
} from "./games";
import { err, ok, type Result, type RuleError } from "./result";
import {
  type Declaration,
  type GameResult,
  impliedDeclaration,
  nullValue,
  scoreGame,
  seegerFabian,
} from "./scoring";
import { shuffleDeck } from "./shuffle";

export type Seat = number;
export type Role = 0 | 1 | 2;
export const FOREHAND: Role = 0;
export const MIDDLEHAND: Role = 1;
export const REARHAND: Role = 2;

export type Action =
  | { type: "bid"; value: number }
  | { type: "hold" }
  | { type: "pass" }
  | { type: "pickUp" }
  | { type: "discard"; cards: [string, string] }
  | {
      type: "declare";
      game: GameName;
      hand: boolean;
      schneider: boolean;
      schwarz: boolean;
      ouvert: boolean;
    }
  | { type: "play"; card: string }
  | { type: "concede" }
  | { type: "claim" }
  | { type: "acceptClaim" }
  | { type: "rejectClaim" };

export type ActionType = Action["type"];
export const ACTION_TYPES: readonly ActionType[] = [
  "bid",
  "hold",
  "pass",
  "pickUp",
  "discard",
  "declare",
  "play",
  "concede",
  "claim",
  "acceptClaim",
  "rejectClaim",
];

export type DealPhase = "bidding" | "skat" | "discard" | "declare" | "play" | "over";

export interface AuctionCall {
  role: Role;
  call: "bid" | "hold" | "pass";
  value?: number;
}

/** How a deal ended. */
export type DealEnd =
  | "passedIn"
  | "played"
  | "nullTrick"
  | "schwarzMissed"
  | "declarerConceded"
  | "defendersConceded";

export interface DealResult extends GameResult {
  end: DealEnd;
  declarerPoints: number;
  declarerTricks: number;
  seegerFabian: { declarer: number; others: number };
}

export interface DealState {
  players: 3 | 4;
  dealer: Seat;
  /** Seats of forehand, middlehand, rearhand. */
  roles: [Seat, Seat, Seat];
  /** The deck permutation as dealt: 0-9 forehand, 10-19 middlehand, 20-29 rearhand, 30-31 skat. */
  deck: Card[];
  phase: DealPhase;
  /** Current hands by role. */
  hands: [CardMask, CardMask, CardMask];
  /** The original skat until it is picked up; the discards after that. */
  skat: CardMask;
  /** Bidding: the value named or held last (0 before the first bid). */
  bid: number;
  /** 1: middlehand bids to forehand; 2: rearhand bids to the survivor; 3: forehand may play at 18. */
  stage: 1 | 2 | 3;
  bidder: Role;
  hearer: Role;
  awaitingAnswer: boolean;
  auction: AuctionCall[];
  declarer: Role | -1;
  pickedUp: boolean;
  declaration: Declaration | null;
  /** Card play: who led the current trick, its cards so far, and every card played in order. */
  leader: Role;
  trick: Card[];
  played: Card[];
  /** Winner (role) of each completed trick. */
  trickWinners: Role[];
  declarerPoints: number;
  declarerTricks: number;
  /** Shown to everyone: ouvert games from the declaration, other games from a claim on. */
  declarerOpen: boolean;
  claimActive: boolean;
  /** Roles of defenders who agreed the declarer takes the rest (by conceding or accepting a claim). */
  yielded: Role[];
  /** Defenders who conceded outright: unlike acceptances of a claim, this survives a rejected claim. */
  conceded: Role[];
  result: DealResult | null;
}

export interface SheetEntry {
  /** 0-based deal number in the series. */
  deal: number;
  dealer: Seat;
  declarer: Seat | null;
  game: GameName | null;
  hand: boolean;
  schneider: boolean;
  schwarz: boolean;
  ouvert: boolean;
  bid: number;
  won: boolean;
  value: number;
  /** Classic list entry for the declarer. */
  score: number;
  /** Seeger-Fabian points of this deal for every seat. */
  seegerFabian: number[];
  passedIn: boolean;
}

export interface Standing {
  seat: Seat;
  list: number;
  won: number;
  lost: number;
  seegerFabian: number;
  /** 1-based; equal on Seeger-Fabian, wins and losses shares a rank (the official last resort is a lot). */
  rank: number;
}

export interface GameConfig {
  players: 3 | 4;
  /** Number of deals in the series. */
  deals: number;
  /** Seat that deals first (default 0). */
  firstDealer?: Seat;
  /** Per deal, the 32-byte deal seed as hex; the deck is `shuffleDeck(seed)`. */
  seeds?: string[];
  /** Per deal, an explicit deck (card indices); used instead of seeds (replays, tests). */
  decks?: Card[][];
}

export interface GameState {
  players: 3 | 4;
  deals: number;
  firstDealer: Seat;
  seeds: string[] | null;
  decks: Card[][] | null;
  /** 0-based number of the deal being played; equals `deals` once the series is over. */
  dealNumber: number;
  deal: DealState | null;
  /** The last finished deal, everything revealed. */
  previous: DealState | null;
  sheet: SheetEntry[];
  finished: boolean;
}

export type GameEvent =
  | { type: "action"; seat: Seat; action: Action }
  | { type: "trick"; winner: Seat; points: number }
  | { type: "dealEnded"; deal: number; result: DealResult | null }
  | { type: "dealStarted"; deal: number; dealer: Seat }
  | { type: "seriesEnded" };

export interface Applied {
  state: GameState;
  events: GameEvent[];
}

const MAX_DEALS = 96;

export function isValidSeriesLength(players: 3 | 4, deals: number): boolean {
  return Number.isInteger(deals) && deals >= players && deals <= MAX_DEALS && deals % players === 0;
}

export function defaultSeriesLength(players: 3 | 4): number {
  return players === 3 ? 36 : 48;
}

export function newGame(config: GameConfig): Result<GameState> {
  const { players, deals } = config;
  if (players !== 3 && players !== 4) return err("ERR_BAD_CONFIG", "a table has 3 or 4 players");
  if (!Number.isInteger(deals) || deals < 1 || deals > MAX_DEALS) {
    return err("ERR_BAD_CONFIG", `a series has 1 to ${MAX_DEALS} deals`);
  }
  const firstDealer = config.firstDealer ?? 0;
  if (!Number.isInteger(firstDealer) || firstDealer < 0 || firstDealer >= players) {
    return err("ERR_BAD_CONFIG", "the first dealer must be a seat at the table");
  }
  const seeds = config.seeds ?? null;
  const decks = config.decks ?? null;
  if (decks) {
    if (decks.length < deals || !decks.every(isPermutation)) {
      return err("ERR_BAD_CONFIG", "every deal needs a deck: a permutation of the 32 cards");
    }
  } else if (
    !seeds ||
    seeds.length < deals ||
    !seeds.every((seed) => /^[0-9a-f]{64}$/.test(seed))
  ) {
    return err("ERR_BAD_CONFIG", "every deal needs a 32-byte seed in hex");
  }
  const state: GameState = {
    players,
    deals,
    firstDealer,
    seeds,
    decks,
    dealNumber: 0,
    deal: null,
    previous: null,
    sheet: [],
    finished: false,
  };
  return ok(patchGame(state, { deal: startDeal(state, 0) }));
}

function isPermutation(deck: readonly Card[]): boolean {
  return deck.length === 32 && maskOf(deck) === -1;
}

function deckFor(state: GameState, dealNumber: number): Card[] {
  if (state.decks) return state.decks[dealNumber] as Card[];
  return shuffleDeck(parseHex((state.seeds as string[])[dealNumber]) as Uint8Array);
}

export function dealerOf(
  state: Pick<GameState, "firstDealer" | "players">,
  dealNumber: number,
): Seat {
  return (state.firstDealer + dealNumber) % state.players;
}

function startDeal(state: GameState, dealNumber: number): DealState {
  const dealer = dealerOf(state, dealNumber);
  return newDeal(state.players, dealer, deckFor(state, dealNumber));
}

/** A fresh deal: forehand is the dealer's left neighbour; at a four-table the dealer sits out. */
export function newDeal(players: 3 | 4, dealer: Seat, deck: readonly Card[]): DealState {
  const roles: [Seat, Seat, Seat] = [
    (dealer + 1) % players,
    (dealer + 2) % players,
    (dealer + 3) % players,
  ];
  const handOf = (from: number) => maskOf(deck.slice(from, from + 10));
  return {
    players,
    dealer,
    roles,
    deck: [...deck],
    phase: "bidding",
    hands: [handOf(0), handOf(10), handOf(20)],
    skat: maskOf(deck.slice(30, 32)),
    bid: 0,
    stage: 1,
    bidder: MIDDLEHAND,
    hearer: FOREHAND,
    awaitingAnswer: false,
    auction: [],
    declarer: -1,
    pickedUp: false,
    declaration: null,
    leader: FOREHAND,
    trick: [],
    played: [],
    trickWinners: [],
    declarerPoints: 0,
    declarerTricks: 0,
    declarerOpen: false,
    claimActive: false,
    yielded: [],
    conceded: [],
    result: null,
  };
}

export function roleOf(deal: DealState, seat: Seat): Role | -1 {
  return deal.roles.indexOf(seat) as Role | -1;
}

/** The cards a role was dealt. */
export function dealtHand(deal: DealState, role: Role): CardMask {
  return maskOf(deal.deck.slice(role * 10, role * 10 + 10));
}

export function originalSkat(deal: DealState): CardMask {
  return maskOf(deal.deck.slice(30, 32));
}

/** The role whose move the deal waits for, or -1. */
export function roleToAct(deal: DealState): Role | -1 {
  switch (deal.phase) {
    case "bidding":
      if (deal.stage === 3) return FOREHAND;
      return deal.awaitingAnswer ? deal.hearer : deal.bidder;
    case "skat":
    case "discard":
    case "declare":
      return deal.declarer;
    case "play":
      return ((deal.leader + deal.trick.length) % 3) as Role;
    default:
      return -1;
  }
}

/** The seat whose move the table waits for, or null when the series is over. */
export function seatToAct(state: GameState): Seat | null {
  const deal = state.deal;
  if (!deal) return null;
  const role = roleToAct(deal);
  return role === -1 ? null : deal.roles[role];
}

// ---------------------------------------------------------------------------------------------
// Legal actions

// Legal-action lists are built from these shared, frozen objects: the lists are rebuilt for every
// move of every bot and playout, and allocating fresh objects each time dominated self-play.
const BID_ACTIONS: readonly Action[] = BID_VALUES.map((value) =>
  Object.freeze({ type: "bid", value }),
);
const PLAY_ACTIONS: readonly Action[] = Array.from({ length: 32 }, (_, card) =>
  Object.freeze({ type: "play", card: cardCode(card) }),
);
/** DISCARD_ACTIONS[low * 32 + high] for two cards low < high. */
const DISCARD_ACTIONS: readonly (Action | undefined)[] = Array.from(
  { length: 32 * 32 },
  (_, index) => {
    const low = Math.floor(index / 32);
    const high = index % 32;
    return low < high
      ? Object.freeze({ type: "discard", cards: [cardCode(low), cardCode(high)] })
      : undefined;
  },
) as readonly (Action | undefined)[];

const PASS: Action = Object.freeze({ type: "pass" });
const HOLD: Action = Object.freeze({ type: "hold" });
const PICK_UP: Action = Object.freeze({ type: "pickUp" });
const CONCEDE: Action = Object.freeze({ type: "concede" });
const CLAIM: Action = Object.freeze({ type: "claim" });
const ACCEPT_CLAIM: Action = Object.freeze({ type: "acceptClaim" });
const REJECT_CLAIM: Action = Object.freeze({ type: "rejectClaim" });
// The lists handed out as they are are frozen too: a caller sorting its `legal` in place would
// otherwise reorder them for every table (the null-below-bid cut relies on nulls coming last).
const FOREHAND_AT_18: readonly Action[] = Object.freeze([
  Object.freeze({ type: "bid", value: 18 }),
  PASS,
]);
const ANSWERS: readonly Action[] = Object.freeze([HOLD, PASS]);

function declareAction(
  kind: GameKind,
  hand: boolean,
  schneider: boolean,
  schwarz: boolean,
  ouvert: boolean,
): Action {
  return Object.freeze({
    type: "declare",
    game: GAME_NAMES[kind] as GameName,
    hand,
    schneider,
    schwarz,
    ouvert,
  });
}

/**
 * Every declaration, each with all its flags spelled out, for a hand game (skat unseen, then
 * with pickUp in front) or after the discard; nulls last, so a bid above a null's value cuts
 * them off the end.
 */
function declarations(hand: boolean): Action[] {
  const actions: Action[] = [];
  for (let kind = 0 as GameKind; kind < NULL; kind = (kind + 1) as GameKind) {
    actions.push(declareAction(kind, hand, false, false, false));
    if (hand) {
      actions.push(declareAction(kind, true, true, false, false));
      actions.push(declareAction(kind, true, true, true, false));
      actions.push(declareAction(kind, true, true, true, true));
    }
  }
  actions.push(
    declareAction(NULL, hand, false, false, false),
    declareAction(NULL, hand, false, false, true),
  );
  return actions;
}
const HAND_DECLARATIONS: readonly Action[] = Object.freeze([PICK_UP, ...declarations(true)]);
const PICKUP_DECLARATIONS: readonly Action[] = Object.freeze(declarations(false));

/** The declarations (and, before the skat is seen, pickUp) open to the declarer at this bid. */
function legalDeclarations(deal: DealState): readonly Action[] {
  const hand = deal.phase === "skat";
  const all = hand ? HAND_DECLARATIONS : PICKUP_DECLARATIONS;
  // Null values are fixed: drop the null variants worth less than the bid (they sit at the end).
  const nullOuvert = nullValue(hand, true);
  const plainNull = nullValue(hand, false);
  const cut = deal.bid > nullOuvert ? 2 : deal.bid > plainNull ? 1 : 0;
  if (cut === 0) return all;
  if (cut === 2) return all.slice(0, all.length - 2);
  // Only the plain null is below the bid: keep null ouvert.
  return [...all.slice(0, all.length - 2), all[all.length - 1] as Action];
}

/** The actions `apply` accepts from this seat now. The objects are shared and frozen. */
export function legalActions(state: GameState, seat: Seat): readonly Action[] {
  const deal = state.deal;
  if (!deal) return [];
  const role = roleOf(deal, seat);
  if (role === -1) return [];
  return dealLegalActions(deal, role);
}

function dealLegalActions(deal: DealState, role: Role): readonly Action[] {
  if (deal.phase === "play") return playPhaseActions(deal, role);
  if (roleToAct(deal) !== role) return [];
  switch (deal.phase) {
    case "bidding": {
      if (deal.stage === 3) return FOREHAND_AT_18;
      if (deal.awaitingAnswer) return ANSWERS;
      let first = 0;
      while (first < BID_VALUES.length && (BID_VALUES[first] as number) <= deal.bid) first++;
      const bids = BID_ACTIONS.slice(first);
      bids.push(PASS);
      return bids;
    }
    case "discard": {
      const cards = cardsOf(deal.hands[role]);
      const discards: Action[] = [];
      for (let i = 0; i < cards.length; i++) {
        for (let j = i + 1; j < cards.length; j++) {
          discards.push(DISCARD_ACTIONS[(cards[i] as Card) * 32 + (cards[j] as Card)] as Action);
        }
      }
      return discards;
    }
    case "skat":
    case "declare":
      return legalDeclarations(deal);
    default:
      return [];
  }
}

function playPhaseActions(deal: DealState, role: Role): Action[] {
  const actions: Action[] = [];
  if (roleToAct(deal) === role) {
    const lead = deal.trick.length > 0 ? (deal.trick[0] as Card) : -1;
    let playable = playableCards((deal.declaration as Declaration).kind, deal.hands[role], lead);
    while (playable !== 0) {
      const low = playable & -playable;
      actions.push(PLAY_ACTIONS[31 - Math.clz32(low)] as Action);
      playable ^= low;
    }
  }
  if (role === deal.declarer) {
    actions.push(CONCEDE);
    if (!deal.claimActive) actions.push(CLAIM);
  } else if (!deal.yielded.includes(role)) {
    if (deal.claimActive) actions.push(ACCEPT_CLAIM, REJECT_CLAIM);
    else actions.push(CONCEDE);
  }
  return actions;
}

// ---------------------------------------------------------------------------------------------
// Applying actions

export function apply(state: GameState, seat: Seat, action: Action): Result<Applied> {
  if (state.finished || !state.deal) return err("ERR_GAME_OVER", "the series is over");
  const shape = checkShape(action);
  if (shape) return { ok: false, error: shape };
  const deal = state.deal;
  const role = Number.isInteger(seat) ? roleOf(deal, seat) : -1;
  if (role === -1) {
    return err(
      "ERR_NOT_IN_DEAL",
      seat === deal.dealer ? "the dealer sits out this deal" : "no such seat",
    );
  }
  const events: GameEvent[] = [{ type: "action", seat, action }];
  const next = applyToDeal(deal, role, action, events);
  if (!next.ok) return next;
  const nextDeal = next.value;
  if (nextDeal.phase !== "over") return ok({ state: patchGame(state, { deal: nextDeal }), events });
  return ok({ state: finishDeal(state, nextDeal, events), events });
}

function checkShape(action: unknown): RuleError | null {
  if (typeof action !== "object" || action === null || Array.isArray(action)) {
    return { code: "ERR_BAD_ACTION", message: "an action is an object with a type" };
  }
  const type = (action as { type?: unknown }).type;
  if (typeof type !== "string" || !(ACTION_TYPES as readonly string[]).includes(type)) {
    return { code: "ERR_UNKNOWN_ACTION", message: `unknown action type: ${String(type)}` };
  }
  const allowed = ACTION_FIELDS[type as ActionType];
  for (const key in action) {
    if (!allowed.includes(key))
      return { code: "ERR_BAD_ACTION", message: `unexpected field in ${type}: ${key}` };
  }
  return null;
}

/** The fields each action type has; anything else in an action makes it malformed. */
export const ACTION_FIELDS: Readonly<Record<ActionType, readonly string[]>> = {
  bid: ["type", "value"],
  hold: ["type"],
  pass: ["type"],
  pickUp: ["type"],
  discard: ["type", "cards"],
  declare: ["type", "game", "hand", "schneider", "schwarz", "ouvert"],
  play: ["type", "card"],
  concede: ["type"],
  claim: ["type"],
  acceptClaim: ["type"],
  rejectClaim: ["type"],
};

function finishDeal(state: GameState, deal: DealState, events: GameEvent[]): GameState {
  const dealNumber = state.dealNumber;
  const sheet = [...state.sheet, sheetEntry(deal, dealNumber)];
  events.push({ type: "dealEnded", deal: dealNumber, result: deal.result });
  const nextNumber = dealNumber + 1;
  if (nextNumber >= state.deals) {
    events.push({ type: "seriesEnded" });
    return patchGame(state, {
      dealNumber: nextNumber,
      deal: null,
      previous: deal,
      sheet,
      finished: true,
    });
  }
  const next = patchGame(state, { dealNumber: nextNumber, previous: deal, sheet });
  const nextDeal = startDeal(next, nextNumber);
  events.push({ type: "dealStarted", deal: nextNumber, dealer: nextDeal.dealer });
  next.deal = nextDeal;
  return next;
}

function sheetEntry(deal: DealState, dealNumber: number): SheetEntry {
  const result = deal.result;
  const seegerFabianBySeat = new Array<number>(deal.players).fill(0);
  if (!result || deal.declarer === -1 || !deal.declaration) {
    return {
      deal: dealNumber,
      dealer: deal.dealer,
      declarer: null,
      game: null,
      hand: false,
      schneider: false,
      schwarz: false,
      ouvert: false,
      bid: 0,
      won: false,
      value: 0,
      score: 0,
      seegerFabian: seegerFabianBySeat,
      passedIn: true,
    };
  }
  const declarerSeat = deal.roles[deal.declarer];
  for (let seat = 0; seat < deal.players; seat++) {
    seegerFabianBySeat[seat] =
      seat === declarerSeat ? result.seegerFabian.declarer : result.seegerFabian.others;
  }
  const declaration = deal.declaration;
  return {
    deal: dealNumber,
    dealer: deal.dealer,
    declarer: declarerSeat,
    game: GAME_NAMES[declaration.kind] as GameName,
    hand: declaration.hand,
    schneider: declaration.schneider,
    schwarz: declaration.schwarz,
    ouvert: declaration.ouvert,
    bid: deal.bid,
    won: result.won,
    value: result.value,
    score: result.score,
    seegerFabian: seegerFabianBySeat,
    passedIn: false,
  };
}

/** Applies one action of one role to a deal. Exposed for record replays; tables use `apply`. */
export function applyToDeal(
  deal: DealState,
  role: Role,
  action: Action,
  events: GameEvent[] = [],
): Result<DealState> {
  switch (action.type) {
    case "bid":
      return applyBid(deal, role, action.value);
    case "hold":
      return applyHold(deal, role);
    case "pass":
      return applyPass(deal, role);
    case "pickUp":
      return applyPickUp(deal, role);
    case "discard":
      return applyDiscard(deal, role, action.cards);
    case "declare":
      return applyDeclare(deal, role, action);
    case "play":
      return applyPlay(deal, role, action.card, events);
    case "concede":
      return applyConcede(deal, role);
    case "claim":
      return applyClaim(deal, role);
    case "acceptClaim":
      return applyAcceptClaim(deal, role);
    case "rejectClaim":
      return applyRejectClaim(deal, role);
    default:
      return err("ERR_UNKNOWN_ACTION", "unknown action type");
  }
}

function expectTurn(deal: DealState, role: Role, phase: DealPhase, what: string): RuleError | null {
  if (deal.phase !== phase)
    return { code: "ERR_WRONG_PHASE", message: `${what} is not possible now` };
  if (roleToAct(deal) !== role)
    return { code: "ERR_NOT_YOUR_TURN", message: "it is not your turn" };
  return null;
}

function fail(error: RuleError): { ok: false; error: RuleError } {
  return { ok: false, error };
}

function applyBid(deal: DealState, role: Role, value: unknown): Result<DealState> {
  const problem = expectTurn(deal, role, "bidding", "bidding");
  if (problem) return fail(problem);
  if (!isBidValue(value)) return err("ERR_NOT_A_BID_VALUE", `${String(value)} is not a bid value`);
  const auction = [...deal.auction, { role, call: "bid" as const, value }];
  if (deal.stage === 3) {
    if (value !== 18)
      return err("ERR_ILLEGAL_DECLARATION", "after two passes forehand may only play at 18");
    return ok(patch(deal, { auction, bid: 18, declarer: FOREHAND, phase: "skat" }));
  }
  if (deal.awaitingAnswer) return err("ERR_MUST_ANSWER", "answer the bid: hold or pass");
  if (value <= deal.bid) return err("ERR_BID_TOO_LOW", `bid more than ${deal.bid}`);
  return ok(patch(deal, { auction, bid: value, awaitingAnswer: true }));
}

function applyHold(deal: DealState, role: Role): Result<DealState> {
  const problem = expectTurn(deal, role, "bidding", "holding");
  if (problem) return fail(problem);
  if (deal.stage === 3 || !deal.awaitingAnswer)
    return err("ERR_WRONG_PHASE", "there is no bid to hold");
  const auction = [...deal.auction, { role, call: "hold" as const, value: deal.bid }];
  return ok(patch(deal, { auction, awaitingAnswer: false }));
}

function applyPass(deal: DealState, role: Role): Result<DealState> {
  const problem = expectTurn(deal, role, "bidding", "passing");
  if (problem) return fail(problem);
  const auction = [...deal.auction, { role, call: "pass" as const }];
  if (deal.stage === 3) return ok(patch(deal, { auction, phase: "over", result: null }));
  const survivor = role === deal.bidder ? deal.hearer : deal.bidder;
  if (deal.stage === 1) {
    return ok(
      patch(deal, { auction, stage: 2, bidder: REARHAND, hearer: survivor, awaitingAnswer: false }),
    );
  }
  if (deal.bid === 0) {
    // Nobody named a value: middlehand and rearhand passed, forehand may still play at 18.
    return ok(patch(deal, { auction, stage: 3, awaitingAnswer: false }));
  }
  return ok(patch(deal, { auction, declarer: survivor, phase: "skat", awaitingAnswer: false }));
}

function applyPickUp(deal: DealState, role: Role): Result<DealState> {
  const problem = expectTurn(deal, role, "skat", "picking up the skat");
  if (problem) return fail(problem);
  const hands = withHand(deal.hands, role, deal.hands[role] | deal.skat);
  return ok(patch(deal, { hands, skat: 0, pickedUp: true, phase: "discard" }));
}

function withHand(hands: DealState["hands"], role: Role, mask: CardMask): DealState["hands"] {
  const next: DealState["hands"] = [hands[0], hands[1], hands[2]];
  next[role] = mask;
  return next;
}

function applyDiscard(deal: DealState, role: Role, codes: unknown): Result<DealState> {
  const problem = expectTurn(deal, role, "discard", "discarding");
  if (problem) return fail(problem);
  if (!Array.isArray(codes) || codes.length !== 2)
    return err("ERR_BAD_DISCARD", "discard exactly two cards");
  const first = parseCard(codes[0]);
  const second = parseCard(codes[1]);
  if (first === undefined || second === undefined) return err("ERR_BAD_CARD", "not a card code");
  if (first === second) return err("ERR_BAD_DISCARD", "discard two different cards");
  const discards = (1 << first) | (1 << second);
  if ((deal.hands[role] & discards) !== discards)
    return err("ERR_CARD_NOT_IN_HAND", "you can only discard your own cards");
  const hands = withHand(deal.hands, role, deal.hands[role] & ~discards);
  return ok(patch(deal, { hands, skat: discards, phase: "declare" }));
}

function applyDeclare(
  deal: DealState,
  role: Role,
  action: Action & { type: "declare" },
): Result<DealState> {
  if (deal.phase !== "skat" && deal.phase !== "declare")
    return err("ERR_WRONG_PHASE", "declaring is not possible now");
  if (roleToAct(deal) !== role) return err("ERR_NOT_YOUR_TURN", "it is not your turn");
  const kind = gameKindOf(String(action.game));
  if (kind === undefined) return err("ERR_BAD_ACTION", `unknown game: ${String(action.game)}`);
  const flags = [action.hand, action.schneider, action.schwarz, action.ouvert];
  if (!flags.every((flag) => flag === undefined || typeof flag === "boolean")) {
    return err("ERR_BAD_ACTION", "declaration flags are true or false");
  }
  if (kind === NULL && (action.schneider || action.schwarz)) {
    return err("ERR_ILLEGAL_DECLARATION", "schneider and schwarz cannot be announced in null");
  }
  const declaration = impliedDeclaration({
    kind,
    hand: action.hand === true,
    schneider: action.schneider === true,
    schwarz: action.schwarz === true,
    ouvert: action.ouvert === true,
  });
  if (deal.phase === "skat" && !declaration.hand) {
    return err("ERR_ILLEGAL_DECLARATION", "pick up the skat or declare a hand game");
  }
  if (deal.phase === "declare") {
    if (declaration.hand)
      return err("ERR_ILLEGAL_DECLARATION", "a hand game cannot be declared after seeing the skat");
    if (declaration.schneider || (declaration.ouvert && kind !== NULL)) {
      return err(
        "ERR_ILLEGAL_DECLARATION",
        "announcements and suit or grand ouvert need a hand game",
      );
    }
  }
  if (kind === NULL && nullValue(declaration.hand, declaration.ouvert) < deal.bid) {
    return err("ERR_NULL_BELOW_BID", `this null is worth less than the bid of ${deal.bid}`);
  }
  return ok(
    patch(deal, {
      declaration,
      phase: "play",
      leader: FOREHAND,
      declarerOpen: declaration.ouvert,
      declarerPoints: pointsOf(deal.skat),
    }),
  );
}

function applyPlay(
  deal: DealState,
  role: Role,
  code: unknown,
  events: GameEvent[],
): Result<DealState> {
  const problem = expectTurn(deal, role, "play", "playing a card");
  if (problem) return fail(problem);
  const card = parseCard(code);
  if (card === undefined) return err("ERR_BAD_CARD", `not a card code: ${String(code)}`);
  const hand = deal.hands[role];
  if (!hasCard(hand, card))
    return err("ERR_CARD_NOT_IN_HAND", `${cardCode(card)} is not in your hand`);
  const kind = (deal.declaration as Declaration).kind;
  const lead = deal.trick.length > 0 ? (deal.trick[0] as Card) : -1;
  if (!hasCard(playableCards(kind, hand, lead), card)) {
    return err("ERR_MUST_FOLLOW_SUIT", `${cardCode(card)} does not follow suit`);
  }
  const hands = withHand(deal.hands, role, hand & ~(1 << card));
  const played = [...deal.played, card];
  if (deal.trick.length < 2)
    return ok(patch(deal, { hands, played, trick: [...deal.trick, card] }));

  const [first, second] = deal.trick as [Card, Card];
  const winner = ((deal.leader + trickWinner(kind, first, second, card)) % 3) as Role;
  const points = pointsOf((1 << first) | (1 << second) | (1 << card));
  events.push({ type: "trick", winner: deal.roles[winner], points });
  const declarerWon = winner === deal.declarer;
  const next = patch(deal, {
    hands,
    played,
    trick: [],
    leader: winner,
    trickWinners: [...deal.trickWinners, winner],
    declarerPoints: deal.declarerPoints + (declarerWon ? points : 0),
    declarerTricks: deal.declarerTricks + (declarerWon ? 1 : 0),
  });
  const declaration = deal.declaration as Declaration;
  if (kind === NULL && declarerWon) return ok(endPlay(next, "nullTrick", false));
  if (declaration.schwarz && !declarerWon) return ok(endPlay(next, "schwarzMissed", false));
  if (next.trickWinners.length === 10) return ok(endPlay(next, "played", false));
  return ok(next);
}

function applyConcede(deal: DealState, role: Role): Result<DealState> {
  if (deal.phase !== "play")
    return err("ERR_WRONG_PHASE", "conceding is possible once the game is declared");
  if (role === deal.declarer) return ok(endPlay(deal, "declarerConceded", true));
  if (deal.yielded.includes(role)) return err("ERR_ALREADY_CONCEDED", "you have already conceded");
  if (deal.claimActive) return err("ERR_CLAIM_PENDING", "answer the declarer's claim");
  return ok(yieldTo(deal, role, true));
}

function applyClaim(deal: DealState, role: Role): Result<DealState> {
  if (deal.phase !== "play")
    return err("ERR_WRONG_PHASE", "claiming is possible once the game is declared");
  if (role !== deal.declarer)
    return err("ERR_NOT_DECLARER", "only the declarer can claim the rest");
  if (deal.claimActive) return err("ERR_CLAIM_PENDING", "your claim is waiting for the defenders");
  return ok(patch(deal, { claimActive: true, declarerOpen: true }));
}

function applyAcceptClaim(deal: DealState, role: Role): Result<DealState> {
  if (deal.phase !== "play") return err("ERR_WRONG_PHASE", "there is no game in play");
  if (role === deal.declarer) return err("ERR_NOT_DEFENDER", "only a defender answers a claim");
  if (!deal.claimActive) return err("ERR_NO_CLAIM", "the declarer has not claimed the rest");
  if (deal.yielded.includes(role)) return err("ERR_ALREADY_CONCEDED", "you have already accepted");
  return ok(yieldTo(deal, role, false));
}

function applyRejectClaim(deal: DealState, role: Role): Result<DealState> {
  if (deal.phase !== "play") return err("ERR_WRONG_PHASE", "there is no game in play");
  if (role === deal.declarer) return err("ERR_NOT_DEFENDER", "only a defender answers a claim");
  if (!deal.claimActive) return err("ERR_NO_CLAIM", "the declarer has not claimed the rest");
  if (deal.yielded.includes(role)) return err("ERR_ALREADY_CONCEDED", "you have already accepted");
  // Play goes on with the declarer's hand open; acceptances of this claim lapse with it,
  // concessions made on their own stand.
  return ok(patch(deal, { claimActive: false, yielded: deal.conceded }));
}

/** A defender agrees the declarer takes the rest; once both have, the deal ends that way. */
function yieldTo(deal: DealState, role: Role, concession: boolean): DealState {
  const yielded = [...deal.yielded, role];
  const next = patch(
    deal,
    concession ? { yielded, conceded: [...deal.conceded, role] } : { yielded },
  );
  return yielded.length === 2 ? endPlay(next, "defendersConceded", false) : next;
}

function endPlay(deal: DealState, end: DealEnd, declarerConceded: boolean): DealState {
  const declaration = deal.declaration as Declaration;
  let { declarerPoints, declarerTricks } = deal;
  let tricksPlayed = deal.trickWinners.length;
  if (end === "defendersConceded" && declaration.kind !== NULL) {
    // The declarer takes every card still out, the current trick included.
    const rest = deal.hands[0] | deal.hands[1] | deal.hands[2] | maskOf(deal.trick);
    declarerPoints += pointsOf(rest);
    declarerTricks += 10 - tricksPlayed;
    tricksPlayed = 10;
  }
  const twelve = dealtHand(deal, deal.declarer as Role) | originalSkat(deal);
  const game = scoreGame(declaration, deal.bid, twelve, {
    declarerPoints,
    declarerTricks,
    tricksPlayed,
    conceded: declarerConceded,
  });
  const result: DealResult = {
    won: game.won,
    value: game.value,
    overbid: game.overbid,
    score: game.score,
    matadors: game.matadors,
    schneider: game.schneider,
    schwarz: game.schwarz,
    multiplier: game.multiplier,
    levels: game.levels,
    baseValue: game.baseValue,
    end,
    declarerPoints,
    declarerTricks,
    seegerFabian: seegerFabian(game, deal.players),
  };
  return patch(deal, { phase: "over", claimActive: false, result });
}

// ---------------------------------------------------------------------------------------------
// Series standings

/** Totals per seat, ranked by Seeger-Fabian, then more games won, then fewer games lost. */
export function standings(state: Pick<GameState, "players" | "sheet">): Standing[] {
  const rows: Standing[] = Array.from({ length: state.players }, (_, seat) => ({
    seat,
    list: 0,
    won: 0,
    lost: 0,
    seegerFabian: 0,
    rank: 0,
  }));
  for (const entry of state.sheet) {
    entry.seegerFabian.forEach((points, seat) => {
      (rows[seat] as Standing).seegerFabian += points;
    });
    if (entry.declarer === null) continue;
    const row = rows[entry.declarer] as Standing;
    row.list += entry.score;
    if (entry.won) row.won++;
    else row.lost++;
  }
  const order = [...rows].sort(compareStandings);
  order.forEach((row, index) => {
    const previous = order[index - 1];
    row.rank = previous && compareStandings(previous, row) === 0 ? previous.rank : index + 1;
  });
  return rows;
}

function compareStandings(a: Standing, b: Standing): number {
  return b.seegerFabian - a.seegerFabian || b.won - a.won || a.lost - b.lost;
}

export function handSize(deal: DealState, role: Role): number {
  return countCards(deal.hands[role]);
}

// States are never mutated once returned. New ones are made by copying every field explicitly
// and then overwriting: V8 copies a fixed-shape literal far faster than `{ ...deal, x }`, which
// was half the cost of a move in self-play.
function patch(deal: DealState, changes: Partial<DealState>): DealState {
  const copy: DealState = {
    players: deal.players,
    dealer: deal.dealer,
    roles: deal.roles,
    deck: deal.deck,
    phase: deal.phase,
    hands: deal.hands,
    skat: deal.skat,
    bid: deal.bid,
    stage: deal.stage,
    bidder: deal.bidder,
    hearer: deal.hearer,
    awaitingAnswer: deal.awaitingAnswer,
    auction: deal.auction,
    declarer: deal.declarer,
    pickedUp: deal.pickedUp,
    declaration: deal.declaration,
    leader: deal.leader,
    trick: deal.trick,
    played: deal.played,
    trickWinners: deal.trickWinners,
    declarerPoints: deal.declarerPoints,
    declarerTricks: deal.declarerTricks,
    declarerOpen: deal.declarerOpen,
    claimActive: deal.claimActive,
    yielded: deal.yielded,
    conceded: deal.conceded,
    result: deal.result,
  };
  return Object.assign(copy, changes);
}

function patchGame(state: GameState, changes: Partial<GameState>): GameState {
  const copy: GameState = {
    players: state.players,
    deals: state.deals,
    firstDealer: state.firstDealer,
    seeds: state.seeds,
    decks: state.decks,
    dealNumber: state.dealNumber,
    deal: state.deal,
    previous: state.previous,
    sheet: state.sheet,
    finished: state.finished,
  };
  return Object.assign(copy, changes);
}
