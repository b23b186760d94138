/**
 * The computer player. `chooseAction(state, seat, seed)` returns one of `legalActions(state, seat)`.
 *
 * Fair play: every decision is made from `viewFor(state, seat)` alone (own hand, own skat when
 * declarer, the auction, the tricks, an open declarer hand), never from the state's hidden cards.
 * Deterministic: the same view and seed give the same action.
 *
 * How it decides:
 * - Game evaluation: a win probability per game from features of ten cards (jacks, trumps, aces,
 *   guarded tens, voids, losers, skat points, who leads; for null the "gaps" per suit), a logistic
 *   model fitted on bot-versus-bot games (scripts/fit-bot-model.ts). Before the skat is seen, the
 *   pickup chance is the mean over sampled skats of the best discard's chance.
 * - Bidding: up to the highest value of a game whose win chance is at least WIN_THRESHOLD and whose
 *   value is reached with the skat's matadors in nearly every case; forehand after two passes plays at
 *   18 only with such a game.
 * - Game and discard: the choice with the best expected list score, v * p - 2v * (1 - p) (a game
 *   below the bid counts as lost at the overbid charge).
 * - Card play: rules (draw trumps, cash sure winners, duck cheaply, keep tens guarded, smear points on
 *   the partner's trick, lead long suits through the declarer and short ones up to him, null ducking
 *   and forcing), with the chance that a later player beats a card estimated from the unknown cards
 *   and the voids each player has shown.
 * - Agreements: claims and concessions only when certain (see `sweepIsCertain`, `lossIsSettled`).
 */
import {
  type Card,
  type CardMask,
  cardCode,
  cardPoints,
  countCards,
  JACKS,
  parseCard,
  pointsOf,
  RANK_ACE,
  RANK_JACK,
  RANK_TEN,
  SUIT_MASKS,
} from "./cards";
import type { Action, GameState, Role, Seat } from "./engine";
import {
  BASE_VALUES,
  beats,
  followMask,
  type GameKind,
  GRAND,
  gameKindOf,
  NULL,
  playableCards,
  TRUMPS,
  trumpOrder,
} from "./games";
import { Rng } from "./rng";
import { matadors, nullValue } from "./scoring";
import { type SeatView, viewFor } from "./view";

/** A game is worth declaring when its expected list score v(3p - 2) is positive: p > 2/3. */
export const WIN_THRESHOLD = 0.67;
/** The bid limit counts only matadors that the unseen skat leaves in place this often. */
const VALUE_CONFIDENCE = 0.85;
/** Skats sampled to estimate a pickup game before the skat is seen. */
const SKAT_SAMPLES = 16;

export function chooseAction(state: GameState, seat: Seat, seed: string | number): Action {
  return chooseFromView(viewFor(state, seat), seed);
}

/**
 * The bot's action for a seat's view. The seat must have a decision to make: its turn, or (as a
 * defender) a pending claim to answer. Throws a RangeError otherwise.
 */
export function chooseFromView(view: SeatView, seed: string | number): Action {
  const legal = view.legal;
  if (legal.length === 0 || view.seat === null || view.roles === null) {
    throw new RangeError("bot: this seat has nothing to decide");
  }
  const rng = Rng.fromSeed(mixSeed(seed, view));
  switch (view.phase) {
    case "bidding":
      return bidAction(view);
    case "skat":
      return skatAction(view, rng);
    case "discard":
      return discardAction(view);
    case "declare":
      return declareAction(view);
    case "play":
      return playAction(view, rng);
    default:
      return legal[0] as Action;
  }
}

// ---------------------------------------------------------------------------------------------
// Seeds and small helpers

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The seed mixed with the position, so one seed gives independent choices move after move. */
function mixSeed(seed: string | number, view: SeatView): number {
  const base =
    typeof seed === "number" ? (seed ^ Math.floor(seed / 4294967296)) >>> 0 : hashString(seed);
  const moment = view.dealNumber * 1024 + view.tricks.length * 4 + view.trick.length;
  return (
    (base ^ Math.imul(moment + 1, 0x9e3779b1) ^ Math.imul((view.seat ?? 0) + 1, 0x85ebca6b)) >>> 0
  );
}

function maskOfCodes(codes: readonly string[]): CardMask {
  let mask = 0;
  for (const code of codes) {
    const card = parseCard(code);
    if (card !== undefined) mask |= 1 << card;
  }
  return mask;
}

function has(mask: CardMask, card: Card): boolean {
  return (mask & (1 << card)) !== 0;
}

function lowBit(mask: CardMask): Card {
  return 31 - Math.clz32(mask & -mask);
}

function forEachCard(mask: CardMask, visit: (card: Card) => void): void {
  let rest = mask;
  while (rest !== 0) {
    const low = rest & -rest;
    visit(31 - Math.clz32(low));
    rest ^= low;
  }
}

function myRole(view: SeatView): Role {
  return (view.roles as [Seat, Seat, Seat]).indexOf(view.seat as Seat) as Role;
}

function findAction(
  legal: readonly Action[],
  test: (action: Action) => boolean,
): Action | undefined {
  for (const action of legal) if (test(action)) return action;
  return undefined;
}

function passAction(legal: readonly Action[]): Action {
  return findAction(legal, (a) => a.type === "pass") ?? (legal[0] as Action);
}

/** Expected list score of a game won with probability p and worth `value`. */
function expectedScore(p: number, value: number): number {
  return value * (3 * p - 2);
}

/** What an overbid game costs: the smallest multiple of the base value reaching the bid, doubled. */
function overbidScore(kind: GameKind, bid: number): number {
  const base = BASE_VALUES[kind] as number;
  return -2 * Math.ceil(bid / base) * base;
}

// ---------------------------------------------------------------------------------------------
// Card strength tables

/**
 * STRENGTH[kind * 32 + card]: order of the cards in a game, higher wins within the same effective
 * suit; trumps above every plain card. BEATERS[kind * 32 + card]: every card that beats `card`
 * when `card` is the best card of a trick (higher cards of its effective suit, and all trumps when
 * it is not a trump).
 */
const STRENGTH = new Uint8Array(6 * 32);
const BEATERS = new Int32Array(6 * 32);
for (let kind = 0 as GameKind; kind <= NULL; kind = (kind + 1) as GameKind) {
  for (let card = 0; card < 32; card++) {
    const rank = card & 7;
    if (kind === NULL) STRENGTH[kind * 32 + card] = rank;
    else STRENGTH[kind * 32 + card] = [0, 1, 2, 5, 0, 3, 4, 6][rank] as number;
  }
  const order = trumpOrder(kind);
  order.forEach((card, index) => {
    STRENGTH[kind * 32 + card] = 40 + order.length - index;
  });
  for (let card = 0; card < 32; card++) {
    let beaters = 0;
    for (let other = 0; other < 32; other++)
      if (other !== card && beats(kind, other, card)) beaters |= 1 << other;
    BEATERS[kind * 32 + card] = beaters;
  }
}

function strength(kind: GameKind, card: Card): number {
  return STRENGTH[kind * 32 + card] as number;
}

function beatersOf(kind: GameKind, card: Card): CardMask {
  return BEATERS[kind * 32 + card] as number;
}

/** The strongest (or weakest) card of a non-empty mask in a game, ties to the lower index. */
function extreme(kind: GameKind, mask: CardMask, highest: boolean): Card {
  let chosen = -1;
  let best = highest ? -1 : 999;
  forEachCard(mask, (card) => {
    const s = strength(kind, card);
    if (highest ? s > best : s < best) {
      best = s;
      chosen = card;
    }
  });
  return chosen;
}

/** The card of `mask` minimising `cost` (ties to the lower card index). */
function cheapest(mask: CardMask, cost: (card: Card) => number): Card {
  let chosen = -1;
  let best = Number.POSITIVE_INFINITY;
  forEachCard(mask, (card) => {
    const c = cost(card);
    if (c < best) {
      best = c;
      chosen = card;
    }
  });
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Game evaluation: features and win probabilities

/** The cards of one suit as a byte of ranks (7 8 9 T J Q K A = bits 0-7). */
function suitByte(hand: CardMask, suit: number): number {
  return (hand >>> (suit * 8)) & 0xff;
}

const RANK_BIT_ACE = 1 << RANK_ACE;
const RANK_BIT_TEN = 1 << RANK_TEN;
const RANK_BIT_JACK = 1 << RANK_JACK;
/** Plain-suit ranks from the top in suit and grand games: A T K Q 9 8 7. */
const PLAIN_TOP_DOWN = [7, 3, 6, 5, 2, 1, 0];

/** Held cards from the top of a plain suit without a gap (A, A T, A T K, ...). */
function topRun(byte: number): number {
  let run = 0;
  for (const rank of PLAIN_TOP_DOWN) {
    if ((byte & (1 << rank)) === 0) break;
    run++;
  }
  return run;
}

/**
 * Null danger of one suit: for the declarer's cards in null order r0 < r1 < ..., the sum of
 * max(0, r_i - 2i). Zero means the opponents can never force a trick in this suit (7, 7 9, 7 9 J,
 * 8 alone is 1, a lone ace 7).
 */
const NULL_DANGER: Uint8Array = (() => {
  const table = new Uint8Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let danger = 0;
    let i = 0;
    for (let rank = 0; rank < 8; rank++) {
      if (byte & (1 << rank)) {
        danger += Math.max(0, rank - 2 * i);
        i++;
      }
    }
    table[byte] = danger;
  }
  return table;
})();

export const SUIT_FEATURES = [
  "bias",
  "jacks",
  "clubJack",
  "trumps",
  "trumpAceTen",
  "sideAces",
  "sideAceTens",
  "guardedTens",
  "blankTens",
  "voids",
  "losers",
  "skatPoints",
  "forehand",
] as const;
export const GRAND_FEATURES = [
  "bias",
  "jacks",
  "clubJack",
  "spadeJack",
  "aces",
  "aceTens",
  "guardedTens",
  "blankTens",
  "losers",
  "runs",
  "skatPoints",
  "forehand",
] as const;
export const NULL_FEATURES = [
  "bias",
  "danger",
  "dangerousSuits",
  "maxDanger",
  "voids",
  "forehand",
] as const;

/**
 * Logistic weights over the features above, fitted by scripts/fit-bot-model.ts on bot-versus-bot
 * deals (the declarer picks up, discards by this model and plays; two bots defend).
 */
export const MODEL_WEIGHTS: Record<"suit" | "grand" | "null", readonly number[]> = {
  suit: [
    -3.502, 0.573, 0.593, 0.342, 0.944, 1.015, -0.478, 0.918, 0.207, 1.094, -0.88, 0.753, -0.094,
  ],
  grand: [-10.123, 1.839, 1.445, 0.181, 1.755, 1.04, 1.151, 0.396, -0.112, -0.086, 1.522, -0.011],
  null: [2.475, -0.418, -0.016, -0.177, -0.051, -0.485],
};

const CLUB_JACK = 4;
const SPADE_JACK = 12;

/** Per plain suit (ranks byte, jack bit clear): the side-suit features of a suit or grand game. */
interface PlainSuitStats {
  ace: number;
  aceTen: number;
  guardedTen: number;
  blankTen: number;
  void: number;
  losers: number;
  runs: number;
}

function plainSuitStats(byte: number, grand: boolean): PlainSuitStats {
  const n = countCards(byte);
  const ace = (byte & RANK_BIT_ACE) !== 0;
  const ten = (byte & RANK_BIT_TEN) !== 0;
  const run = topRun(byte);
  return {
    ace: ace ? 1 : 0,
    aceTen: ace && ten ? 1 : 0,
    guardedTen: ten && !ace && n >= 2 ? 1 : 0,
    blankTen: ten && n === 1 ? 1 : 0,
    void: n === 0 ? 1 : 0,
    losers: grand ? Math.max(0, n - run) : n - (ace ? 1 : 0) - (ace && ten ? 1 : 0),
    runs: grand && run >= 2 ? n - 2 : 0,
  };
}

/** The null model's features (one spelled-out form shared by the fitting and the fast logit). */
function nullFeatures(
  hand: CardMask,
  lead: number,
): [
  bias: number,
  danger: number,
  dangerous: number,
  maxDanger: number,
  voids: number,
  lead: number,
] {
  let danger = 0;
  let dangerous = 0;
  let maxDanger = 0;
  let voids = 0;
  for (let suit = 0; suit < 4; suit++) {
    const byte = suitByte(hand, suit);
    const d = NULL_DANGER[byte] as number;
    danger += d;
    if (d > 0) dangerous++;
    if (d > maxDanger) maxDanger = d;
    if (byte === 0) voids++;
  }
  return [1, danger, dangerous, maxDanger, voids, lead];
}

/**
 * The features of a game for ten cards: `skatPoints` is what the skat adds to the declarer (the
 * discards, or the expectation for an unseen skat), `forehand` whether the declarer leads first.
 * (`gameLogit` computes the same model from tables; this spelled-out form is for fitting.)
 */
export function gameFeatures(
  kind: GameKind,
  hand: CardMask,
  skatPoints: number,
  forehand: boolean,
): number[] {
  const lead = forehand ? 1 : 0;
  if (kind === NULL) return nullFeatures(hand, lead);
  const grand = kind === GRAND;
  const total: PlainSuitStats = {
    ace: 0,
    aceTen: 0,
    guardedTen: 0,
    blankTen: 0,
    void: 0,
    losers: 0,
    runs: 0,
  };
  for (let suit = 0; suit < 4; suit++) {
    if (suit === kind) continue;
    const stats = plainSuitStats(suitByte(hand, suit) & ~RANK_BIT_JACK, grand);
    for (const key of Object.keys(total) as (keyof PlainSuitStats)[]) total[key] += stats[key];
  }
  const jacks = countCards(hand & JACKS);
  const clubJack = has(hand, CLUB_JACK) ? 1 : 0;
  if (grand) {
    const spadeJack = has(hand, SPADE_JACK) ? 1 : 0;
    return [
      1,
      jacks,
      clubJack,
      spadeJack,
      total.ace,
      total.aceTen,
      total.guardedTen,
      total.blankTen,
      total.losers,
      total.runs,
      skatPoints / 10,
      lead,
    ];
  }
  const trumps = countCards(hand & (TRUMPS[kind] as number));
  const trumpByte = suitByte(hand, kind);
  const trumpAceTen =
    ((trumpByte & RANK_BIT_ACE) !== 0 ? 1 : 0) + ((trumpByte & RANK_BIT_TEN) !== 0 ? 1 : 0);
  return [
    1,
    jacks,
    clubJack,
    trumps,
    trumpAceTen,
    total.ace,
    total.aceTen,
    total.guardedTen,
    total.blankTen,
    total.void,
    total.losers,
    skatPoints / 10,
    lead,
  ];
}

/**
 * The model is linear in the logit, so each plain suit's share of it is a table lookup:
 * SUIT_SIDE_LOGIT[byte] for a side suit of a suit game, GRAND_SUIT_LOGIT[byte] for a suit in grand.
 */
const SUIT_SIDE_LOGIT = new Float64Array(256);
const GRAND_SUIT_LOGIT = new Float64Array(256);
for (let byte = 0; byte < 256; byte++) {
  if (byte & RANK_BIT_JACK) continue;
  const w = MODEL_WEIGHTS.suit;
  const side = plainSuitStats(byte, false);
  SUIT_SIDE_LOGIT[byte] =
    side.ace * (w[5] as number) +
    side.aceTen * (w[6] as number) +
    side.guardedTen * (w[7] as number) +
    side.blankTen * (w[8] as number) +
    side.void * (w[9] as number) +
    side.losers * (w[10] as number);
  const g = MODEL_WEIGHTS.grand;
  const suit = plainSuitStats(byte, true);
  GRAND_SUIT_LOGIT[byte] =
    suit.ace * (g[4] as number) +
    suit.aceTen * (g[5] as number) +
    suit.guardedTen * (g[6] as number) +
    suit.blankTen * (g[7] as number) +
    suit.losers * (g[8] as number) +
    suit.runs * (g[9] as number);
}

/** The model's logit for a game with ten cards: the same as weights x gameFeatures, but fast. */
export function gameLogit(
  kind: GameKind,
  hand: CardMask,
  skatPoints: number,
  forehand: boolean,
): number {
  const lead = forehand ? 1 : 0;
  if (kind === NULL) {
    const w = MODEL_WEIGHTS.null;
    const [, danger, dangerous, maxDanger, voids] = nullFeatures(hand, lead);
    return (
      (w[0] as number) +
      danger * (w[1] as number) +
      dangerous * (w[2] as number) +
      maxDanger * (w[3] as number) +
      voids * (w[4] as number) +
      lead * (w[5] as number)
    );
  }
  const jacks = countCards(hand & JACKS);
  const clubJack = (hand >>> CLUB_JACK) & 1;
  const plain = hand & ~JACKS;
  if (kind === GRAND) {
    const g = MODEL_WEIGHTS.grand;
    return (
      (g[0] as number) +
      jacks * (g[1] as number) +
      clubJack * (g[2] as number) +
      ((hand >>> SPADE_JACK) & 1) * (g[3] as number) +
      (GRAND_SUIT_LOGIT[plain & 0xff] as number) +
      (GRAND_SUIT_LOGIT[(plain >>> 8) & 0xff] as number) +
      (GRAND_SUIT_LOGIT[(plain >>> 16) & 0xff] as number) +
      (GRAND_SUIT_LOGIT[plain >>> 24] as number) +
      (skatPoints / 10) * (g[10] as number) +
      lead * (g[11] as number)
    );
  }
  const w = MODEL_WEIGHTS.suit;
  const trumpByte = suitByte(hand, kind);
  let side = 0;
  for (let suit = 0; suit < 4; suit++) {
    if (suit !== kind) side += SUIT_SIDE_LOGIT[suitByte(plain, suit)] as number;
  }
  return (
    (w[0] as number) +
    jacks * (w[1] as number) +
    clubJack * (w[2] as number) +
    (jacks + countCards(trumpByte & ~RANK_BIT_JACK)) * (w[3] as number) +
    (((trumpByte >>> RANK_ACE) & 1) + ((trumpByte >>> RANK_TEN) & 1)) * (w[4] as number) +
    side +
    (skatPoints / 10) * (w[11] as number) +
    lead * (w[12] as number)
  );
}

/** Estimated chance that the declarer wins `kind` with these ten cards (see gameFeatures). */
export function winProbability(
  kind: GameKind,
  hand: CardMask,
  skatPoints: number,
  forehand: boolean,
): number {
  return 1 / (1 + Math.exp(-gameLogit(kind, hand, skatPoints, forehand)));
}

/** Candidate discards for a game: two cards, never trumps while plain cards are left. */
function discardCandidates(kind: GameKind, hand12: CardMask): CardMask {
  const protectedCards = kind === NULL ? 0 : (TRUMPS[kind] as number);
  const plain = hand12 & ~protectedCards;
  return countCards(plain) >= 2 ? plain : hand12;
}

export interface DiscardChoice {
  discard: [Card, Card];
  p: number;
}

/**
 * Sure tricks given away by a discard in a suit or grand game: an ace, or a ten whose ace is in
 * the hand. The model values skat points highly and would bank such a ten; an expert keeps it,
 * because it takes its ten points home anyway and wins a trick besides.
 */
function sureTricksAway(kind: GameKind, hand12: CardMask, away: CardMask): number {
  if (kind === NULL) return 0;
  let count = 0;
  forEachCard(away & ~(TRUMPS[kind] as number), (card) => {
    const rank = card & 7;
    if (rank === RANK_ACE || (rank === RANK_TEN && has(hand12 & ~away, (card & ~7) | RANK_ACE)))
      count++;
  });
  return count;
}

/** Logit given up for each sure trick discarded (see sureTricksAway). */
const SURE_TRICK_DISCARD_PENALTY = 1.2;

/** The discard that maximises the win chance of `kind` for a twelve-card hand. */
export function bestDiscard(kind: GameKind, hand12: CardMask, forehand: boolean): DiscardChoice {
  const candidates = discardCandidates(kind, hand12);
  let bestScore = Number.NEGATIVE_INFINITY;
  let bestLogit = 0;
  let first = -1;
  let second = -1;
  for (let a = candidates; a !== 0; a &= a - 1) {
    const low = a & -a;
    for (let b = a & (a - 1); b !== 0; b &= b - 1) {
      const away = low | (b & -b);
      const logit = gameLogit(kind, hand12 & ~away, kind === NULL ? 0 : pointsOf(away), forehand);
      const score = logit - SURE_TRICK_DISCARD_PENALTY * sureTricksAway(kind, hand12, away);
      if (score > bestScore) {
        bestScore = score;
        bestLogit = logit;
        first = lowBit(low);
        second = lowBit(b);
      }
    }
  }
  return { discard: [first, second], p: 1 / (1 + Math.exp(-bestLogit)) };
}

/** The multiplier of a suit or grand game for twelve cards, hand and announcements aside. */
function baseMultiplier(kind: GameKind, twelve: CardMask): number {
  return Math.abs(matadors(kind, twelve)) + 1;
}

interface GameOutlook {
  /** Win chance when picking up the skat (mean over sampled skats of the best discard). */
  pickup: number;
  /** Win chance as a hand game. */
  hand: number;
  /** The multiplier (matadors + 1) that the unseen skat leaves in place at least VALUE_CONFIDENCE of the time. */
  safeMultiplier: number;
}

/**
 * Every game's outlook for a ten-card hand before the skat is seen. The skats are sampled from a
 * generator seeded by the hand itself, so that every call in one auction sees the same estimate
 * (and the last few are kept: the same hand is asked about again and again while bidding).
 */
function outlooks(hand: CardMask, forehand: boolean): GameOutlook[] {
  const key = `${hand},${forehand}`;
  const known = OUTLOOK_CACHE.get(key);
  if (known) return known;
  const computed = computeOutlooks(
    hand,
    forehand,
    Rng.fromSeed(hand ^ (forehand ? 0x5bd1e995 : 0)),
  );
  if (OUTLOOK_CACHE.size >= 64) OUTLOOK_CACHE.delete(OUTLOOK_CACHE.keys().next().value as string);
  OUTLOOK_CACHE.set(key, computed);
  return computed;
}

const OUTLOOK_CACHE = new Map<string, GameOutlook[]>();

function computeOutlooks(hand: CardMask, forehand: boolean, rng: Rng): GameOutlook[] {
  const unknown = ~hand;
  const unknownCards: Card[] = [];
  forEachCard(unknown, (card) => unknownCards.push(card));
  const expectedSkatPoints = (2 * pointsOf(unknown)) / unknownCards.length;
  const result: GameOutlook[] = [];
  const pickupSum = [0, 0, 0, 0, 0, 0];
  for (let sample = 0; sample < SKAT_SAMPLES; sample++) {
    const i = rng.nextInt(unknownCards.length);
    let j = rng.nextInt(unknownCards.length - 1);
    if (j >= i) j++;
    const twelve = hand | (1 << (unknownCards[i] as Card)) | (1 << (unknownCards[j] as Card));
    for (let kind = 0 as GameKind; kind <= NULL; kind = (kind + 1) as GameKind) {
      pickupSum[kind] = (pickupSum[kind] as number) + bestDiscard(kind, twelve, forehand).p;
    }
  }
  for (let kind = 0 as GameKind; kind <= NULL; kind = (kind + 1) as GameKind) {
    let safeMultiplier = 0;
    if (kind !== NULL) {
      // Count the skats (all pairs of unknown cards) for each multiplier they give.
      const counts = new Array<number>(13).fill(0);
      let pairs = 0;
      for (let i = 0; i < unknownCards.length; i++) {
        for (let j = i + 1; j < unknownCards.length; j++) {
          const twelve = hand | (1 << (unknownCards[i] as Card)) | (1 << (unknownCards[j] as Card));
          const m = baseMultiplier(kind, twelve);
          counts[m] = (counts[m] as number) + 1;
          pairs++;
        }
      }
      let atLeast = 0;
      for (let m = 12; m >= 1; m--) {
        atLeast += counts[m] as number;
        if (atLeast >= VALUE_CONFIDENCE * pairs) {
          safeMultiplier = m;
          break;
        }
      }
    }
    result.push({
      pickup: (pickupSum[kind] as number) / SKAT_SAMPLES,
      hand: winProbability(kind, hand, kind === NULL ? 0 : expectedSkatPoints, forehand),
      safeMultiplier,
    });
  }
  return result;
}

/** Null ouvert is declared only with a hand the opponents can never force: no danger at all. */
function nullOuvertSafe(hand: CardMask): boolean {
  for (let suit = 0; suit < 4; suit++)
    if ((NULL_DANGER[suitByte(hand, suit)] as number) > 0) return false;
  return true;
}

/** The highest bid this hand supports (0: pass), from the games it expects to win. */
export function biddingLimit(hand: CardMask, role: Role): number {
  const forehand = role === 0;
  const games = outlooks(hand, forehand);
  let limit = 0;
  for (let kind = 0 as GameKind; kind < NULL; kind = (kind + 1) as GameKind) {
    const outlook = games[kind] as GameOutlook;
    const base = BASE_VALUES[kind] as number;
    if (outlook.pickup >= WIN_THRESHOLD) limit = Math.max(limit, base * outlook.safeMultiplier);
    if (outlook.hand >= WIN_THRESHOLD) limit = Math.max(limit, base * (outlook.safeMultiplier + 1));
  }
  const nullGame = games[NULL] as GameOutlook;
  if (nullGame.pickup >= WIN_THRESHOLD) limit = Math.max(limit, nullValue(false, false));
  if (nullGame.hand >= WIN_THRESHOLD) {
    limit = Math.max(limit, nullValue(true, nullOuvertSafe(hand)));
  }
  return limit;
}

// ---------------------------------------------------------------------------------------------
// Bidding, skat, discard, declaration

function bidAction(view: SeatView): Action {
  const legal = view.legal;
  const limit = biddingLimit(maskOfCodes(view.hand), myRole(view));
  const awaiting = view.bidding?.awaiting;
  if (awaiting === "answer") {
    const hold = findAction(legal, (a) => a.type === "hold");
    return hold && view.bid <= limit ? hold : passAction(legal);
  }
  // The lowest value on offer: the next step up (or 18 for forehand after two passes).
  let next: Action | undefined;
  for (const action of legal) {
    if (
      action.type === "bid" &&
      (next === undefined || action.value < (next as { value: number }).value)
    ) {
      next = action;
    }
  }
  if (next && next.type === "bid" && next.value <= limit) return next;
  return passAction(legal);
}

function declarationKind(action: Action): GameKind {
  return gameKindOf((action as { game: string }).game) as GameKind;
}

interface Plan {
  action: Action;
  score: number;
}

/** Expected score of declaring `kind` with twelve known cards, the bid considered. */
function declaredScore(
  kind: GameKind,
  p: number,
  twelve: CardMask,
  bid: number,
  hand: boolean,
  ouvert: boolean,
): number {
  if (kind === NULL) {
    const value = nullValue(hand, ouvert);
    return value < bid ? Number.NEGATIVE_INFINITY : expectedScore(ouvert ? p * p : p, value);
  }
  const value = (BASE_VALUES[kind] as number) * (baseMultiplier(kind, twelve) + (hand ? 1 : 0));
  return value < bid ? overbidScore(kind, bid) : expectedScore(p, value);
}

/** Hand game or pick up: compares the best hand game with the expected best game after pickup. */
function skatAction(view: SeatView, rng: Rng): Action {
  const legal = view.legal;
  const hand = maskOfCodes(view.hand);
  const forehand = myRole(view) === 0;
  const bid = view.bid;
  const unknown = ~hand;
  const unknownCards: Card[] = [];
  forEachCard(unknown, (card) => unknownCards.push(card));

  // Pick up: the mean over sampled skats of the best game and discard for that skat.
  let pickupTotal = 0;
  for (let sample = 0; sample < SKAT_SAMPLES; sample++) {
    const i = rng.nextInt(unknownCards.length);
    let j = rng.nextInt(unknownCards.length - 1);
    if (j >= i) j++;
    const twelve = hand | (1 << (unknownCards[i] as Card)) | (1 << (unknownCards[j] as Card));
    pickupTotal += bestPickupPlan(twelve, forehand, bid).score;
  }
  let best: Plan = {
    action: findAction(legal, (a) => a.type === "pickUp") as Action,
    score: pickupTotal / SKAT_SAMPLES,
  };

  // Hand games: the multiplier is what the unseen skat leaves in place in most cases.
  const games = outlooks(hand, forehand);
  for (const action of legal) {
    if (action.type !== "declare" || action.schneider || (action.ouvert && action.game !== "null"))
      continue;
    const kind = declarationKind(action);
    const outlook = games[kind] as GameOutlook;
    let score: number;
    if (kind === NULL) {
      if (action.ouvert && !nullOuvertSafe(hand)) continue;
      score = declaredScore(kind, outlook.hand, hand, bid, true, action.ouvert);
    } else {
      const value = (BASE_VALUES[kind] as number) * (outlook.safeMultiplier + 1);
      score = value < bid ? overbidScore(kind, bid) : expectedScore(outlook.hand, value);
    }
    if (score > best.score) best = { action, score };
  }
  return best.action;
}

interface PickupPlan {
  kind: GameKind;
  discard: [Card, Card];
  score: number;
}

/** The best game and discard for twelve cards after picking up, scored by expected list score. */
function bestPickupPlan(twelve: CardMask, forehand: boolean, bid: number): PickupPlan {
  let best: PickupPlan | null = null;
  for (let kind = 0 as GameKind; kind <= NULL; kind = (kind + 1) as GameKind) {
    const choice = bestDiscard(kind, twelve, forehand);
    let score = declaredScore(kind, choice.p, twelve, bid, false, false);
    if (kind === NULL && score === Number.NEGATIVE_INFINITY)
      score = declaredScore(kind, choice.p, twelve, bid, false, true);
    if (best === null || score > best.score) best = { kind, discard: choice.discard, score };
  }
  return best as PickupPlan;
}

function discardAction(view: SeatView): Action {
  const legal = view.legal;
  const twelve = maskOfCodes(view.hand);
  const plan = bestPickupPlan(twelve, myRole(view) === 0, view.bid);
  const away = (1 << plan.discard[0]) | (1 << plan.discard[1]);
  return (
    findAction(legal, (a) => a.type === "discard" && maskOfCodes(a.cards) === away) ??
    (legal[0] as Action)
  );
}

function declareAction(view: SeatView): Action {
  const legal = view.legal;
  const hand = maskOfCodes(view.hand);
  const discards = maskOfCodes(view.skat ?? []);
  const twelve = hand | discards;
  const forehand = myRole(view) === 0;
  let best: Plan | null = null;
  for (const action of legal) {
    if (action.type !== "declare") continue;
    const kind = declarationKind(action);
    if (kind === NULL && action.ouvert && !nullOuvertSafe(hand)) continue;
    const p = winProbability(kind, hand, kind === NULL ? 0 : pointsOf(discards), forehand);
    const score = declaredScore(kind, p, twelve, view.bid, false, action.ouvert);
    if (best === null || score > best.score) best = { action, score };
  }
  return best ? best.action : (legal[0] as Action);
}

// ---------------------------------------------------------------------------------------------
// Card play: what this seat knows

/** The card play as one seat sees it, as masks. */
interface Table {
  kind: GameKind;
  me: Role;
  declarer: Role;
  hand: CardMask;
  /** The current trick: cards in order from `leader`. */
  trick: Card[];
  leader: Role;
  /** Cards each role may still hold (my own hand for me; exact for an open declarer). */
  possible: [CardMask, CardMask, CardMask];
  /** Cards still held by each role. */
  counts: [number, number, number];
  /** Cards whose place this seat does not know (other hands and an unseen skat). */
  unknown: CardMask;
  declarerOpen: boolean;
  /** Card points taken so far (the declarer's include the discards once known to him). */
  declarerPoints: number;
  defenderPoints: number;
  declarerTricks: number;
  tricksDone: number;
  /** The declarer's discards when this seat is the declarer (counted for him), else 0. */
  mySkat: CardMask;
  /** Cards played so far, the current trick included. */
  played: CardMask;
  declaration: { schneider: boolean; schwarz: boolean; hand: boolean };
}

function readTable(view: SeatView): Table {
  const roles = view.roles as [Seat, Seat, Seat];
  const roleOfSeat = (seat: Seat): Role => roles.indexOf(seat) as Role;
  const game = view.game as NonNullable<SeatView["game"]>;
  const kind = gameKindOf(game.game) as GameKind;
  const me = roleOfSeat(view.seat as Seat);
  const declarer = roleOfSeat(view.declarer as Seat);
  const hand = maskOfCodes(view.hand);
  const mySkat = me === declarer && view.skat ? maskOfCodes(view.skat) : 0;
  const open = view.openHand && me !== declarer ? maskOfCodes(view.openHand) : 0;
  const declarerOpen = view.openHand !== null;

  let played = 0;
  const cantHold: [CardMask, CardMask, CardMask] = [0, 0, 0];
  let declarerPoints = 0;
  let defenderPoints = 0;
  let declarerTricks = 0;
  const noteFollow = (cards: readonly { seat: Seat; card: string }[]) => {
    const lead = parseCard(cards[0]?.card) as Card;
    const follow = followMask(kind, lead);
    for (let i = 0; i < cards.length; i++) {
      const entry = cards[i] as { seat: Seat; card: string };
      const card = parseCard(entry.card) as Card;
      played |= 1 << card;
      if (i > 0 && !has(follow, card)) {
        const role = roleOfSeat(entry.seat);
        cantHold[role] |= follow;
      }
    }
  };
  for (const trick of view.tricks) {
    noteFollow(trick.cards);
    let points = 0;
    for (const entry of trick.cards) points += cardPoints(parseCard(entry.card) as Card);
    if (roleOfSeat(trick.winner) === declarer) {
      declarerPoints += points;
      declarerTricks++;
    } else {
      defenderPoints += points;
    }
  }
  const trick: Card[] = view.trick.map((entry) => parseCard(entry.card) as Card);
  if (view.trick.length > 0) noteFollow(view.trick);
  const leader =
    view.trick.length > 0
      ? roleOfSeat((view.trick[0] as { seat: Seat }).seat)
      : leaderOfNextTrick(view, roleOfSeat);

  const unknown = ~(hand | played | mySkat | open);
  const possible: [CardMask, CardMask, CardMask] = [0, 0, 0];
  const counts: [number, number, number] = [0, 0, 0];
  for (let role = 0 as Role; role < 3; role = (role + 1) as Role) {
    counts[role] = view.handCounts[roles[role]] as number;
    if (role === me) possible[role] = hand;
    else if (role === declarer && open !== 0) possible[role] = open;
    else possible[role] = unknown & ~cantHold[role];
  }
  return {
    kind,
    me,
    declarer,
    hand,
    trick,
    leader,
    possible,
    counts,
    unknown,
    declarerOpen,
    declarerPoints: declarerPoints + (me === declarer ? pointsOf(mySkat) : 0),
    defenderPoints,
    declarerTricks,
    tricksDone: view.tricks.length,
    mySkat,
    played,
    declaration: { schneider: game.schneider, schwarz: game.schwarz, hand: game.hand },
  };
}

function leaderOfNextTrick(view: SeatView, roleOfSeat: (seat: Seat) => Role): Role {
  const last = view.tricks[view.tricks.length - 1];
  return last ? roleOfSeat(last.winner) : 0;
}

function playerAt(table: Table, position: number): Role {
  return ((table.leader + position) % 3) as Role;
}

function isPartner(table: Table, role: Role): boolean {
  return role !== table.me && table.me !== table.declarer && role !== table.declarer;
}

/** P(a player holding `slots` of `pool` unknown cards holds at least one of `wanted` of them). */
function pHoldsAny(wanted: number, slots: number, pool: number): number {
  if (wanted <= 0 || slots <= 0) return 0;
  if (pool - wanted < slots) return 1;
  let none = 1;
  for (let i = 0; i < slots; i++) none *= (pool - wanted - i) / (pool - i);
  return 1 - none;
}

/** The chance that `role`, still to play to this trick, beats `best` (the trick's winning card). */
function beatRisk(table: Table, role: Role, best: Card, lead: Card): number {
  const { kind } = table;
  const cards = table.possible[role];
  const follow = followMask(kind, lead);
  const beaters = beatersOf(kind, best);
  const exact = role === table.declarer && table.declarerOpen;
  if (exact) {
    const following = cards & follow;
    if (following !== 0) return (following & beaters) !== 0 ? 1 : 0;
    return (cards & beaters) !== 0 ? 1 : 0;
  }
  const slots = table.counts[role];
  const pool = countCards(cards);
  const nFollow = countCards(cards & follow);
  const pHigher = pHoldsAny(countCards(cards & follow & beaters), slots, pool);
  const pVoid = nFollow === 0 ? 1 : 1 - pHoldsAny(nFollow, slots, pool);
  const pRuff =
    pVoid *
    pHoldsAny(countCards(cards & ~follow & beaters), slots, Math.max(slots, pool - nFollow));
  return 1 - (1 - pHigher) * (1 - pRuff);
}

/** The trick's winning card so far and its position in the trick (-1 for an empty trick). */
function trickBest(table: Table): { card: Card; position: number } {
  let card = -1;
  let position = -1;
  table.trick.forEach((c, i) => {
    if (i === 0 || beats(table.kind, c, card)) {
      card = c;
      position = i;
    }
  });
  return { card, position };
}

/** The chance that my side wins the trick if I play `card` now (0 if it does not beat the trick). */
function winChance(table: Table, card: Card): number {
  const { kind, trick } = table;
  const best = trickBest(table);
  if (best.card >= 0 && !beats(kind, card, best.card)) return 0;
  const lead = trick.length > 0 ? (trick[0] as Card) : card;
  let chance = 1;
  for (let position = trick.length + 1; position < 3; position++) {
    const role = playerAt(table, position);
    if (isPartner(table, role)) continue;
    chance *= 1 - beatRisk(table, role, card, lead);
  }
  return chance;
}

/** Whether my side (me or my partner) holds the trick's winning card so far. */
function ourTrick(table: Table): boolean {
  const best = trickBest(table);
  if (best.position < 0) return false;
  const role = playerAt(table, best.position);
  return role === table.me || isPartner(table, role);
}

// ---------------------------------------------------------------------------------------------
// Card play: choices

function isTrump(kind: GameKind, card: Card): boolean {
  return has(TRUMPS[kind] as number, card);
}

/** The suit mask (plain cards only) of a card's suit in this game. */
function plainSuit(kind: GameKind, card: Card): CardMask {
  return (SUIT_MASKS[card >> 3] as number) & ~(TRUMPS[kind] as number);
}

/**
 * What a card is worth keeping when I give it away on a lost trick: its points, more for trumps
 * (and jacks most), more for the last small card guarding a ten whose ace is still out, less for
 * the last card of a short suit (a void to come).
 */
function keepCost(table: Table, card: Card): number {
  const { kind, hand } = table;
  let cost = cardPoints(card);
  if (kind === NULL) return cost;
  if (isTrump(kind, card)) {
    cost += 6 + (strength(kind, card) - 40) * 0.6;
    if ((card & 7) === RANK_JACK) cost += 6;
    return cost;
  }
  const suit = plainSuit(kind, card);
  const mine = hand & suit;
  const rank = card & 7;
  const ten = (card & ~7) | RANK_TEN;
  const ace = (card & ~7) | RANK_ACE;
  const aceOut = !has(hand, ace) && !has(table.played, ace);
  if (rank !== RANK_TEN && has(mine, ten) && aceOut && countCards(mine) === 2) cost += 8;
  if (rank === RANK_TEN && aceOut) cost += 2;
  if (rank === RANK_ACE) cost += 3;
  if (countCards(mine) === 1 && rank !== RANK_ACE && rank !== RANK_TEN) cost -= 1;
  return cost;
}

function playAction(view: SeatView, rng: Rng): Action {
  const legal = view.legal;
  const table = readTable(view);
  const myTurn = view.toAct === view.seat;
  if (view.claim.active && table.me !== table.declarer) {
    const accept = findAction(legal, (a) => a.type === "acceptClaim");
    const reject = findAction(legal, (a) => a.type === "rejectClaim");
    if (accept && reject) return sweepIsCertain(table, table.declarer) ? accept : reject;
  }
  if (!myTurn) throw new RangeError("bot: it is not this seat's turn");
  if (table.me === table.declarer) {
    const concede = findAction(legal, (a) => a.type === "concede");
    if (concede && lossIsSettled(table)) return concede;
    const claim = findAction(legal, (a) => a.type === "claim");
    if (
      claim &&
      !table.declarerOpen &&
      table.counts[table.me] >= 2 &&
      sweepIsCertain(table, table.me)
    )
      return claim;
  }
  let playable = 0;
  for (const action of legal)
    if (action.type === "play") playable |= 1 << (parseCard(action.card) as Card);
  const card = chooseCard(table, playable, rng);
  return (
    findAction(legal, (a) => a.type === "play" && a.card === cardCode(card)) ?? (legal[0] as Action)
  );
}

function chooseCard(table: Table, playable: CardMask, rng: Rng): Card {
  if (countCards(playable) === 1) return lowBit(playable);
  let card: Card;
  if (table.kind === NULL) {
    card =
      table.me === table.declarer
        ? nullDeclarerCard(table, playable)
        : nullDefenderCard(table, playable);
  } else if (table.trick.length === 0) {
    card =
      table.me === table.declarer
        ? declarerLead(table, playable)
        : defenderLead(table, playable, rng);
  } else {
    card = followCard(table, playable);
  }
  return has(playable, card) ? card : lowBit(playable);
}

/** The opponents' possible trumps (all cards an opponent of the declarer might hold). */
function defendersTrumps(table: Table): CardMask {
  const [d1, d2] = defenders(table);
  return (table.possible[d1] | table.possible[d2]) & (TRUMPS[table.kind] as number);
}

function defenders(table: Table): [Role, Role] {
  const d = table.declarer;
  return [((d + 1) % 3) as Role, ((d + 2) % 3) as Role];
}

function declarerLead(table: Table, playable: CardMask): Card {
  const { kind, hand } = table;
  const trumps = TRUMPS[kind] as number;
  const myTrumps = hand & trumps;
  const theirTrumps = defendersTrumps(table);
  // Draw trumps: lead the top trump while the defenders may still hold trumps below it, or drive
  // out their higher ones with a low trump when I hold enough.
  if (myTrumps !== 0 && theirTrumps !== 0) {
    const top = extreme(kind, myTrumps, true);
    const theirTop = extreme(kind, theirTrumps, true);
    const myCount = countCards(myTrumps);
    if (beats(kind, top, theirTop) && (myCount >= 2 || countCards(theirTrumps) <= 2)) return top;
    if (kind !== GRAND && myCount >= 4 && myCount > countCards(theirTrumps) / 2) {
      return cheapest(myTrumps, (card) => cardPoints(card) * 3 + strength(kind, card));
    }
  }
  // Cash sure winners, highest points first.
  const plain = playable & ~trumps;
  let cash = -1;
  let cashValue = -1;
  forEachCard(plain, (card) => {
    const chance = winChance(table, card);
    if (chance >= 0.75 && cardPoints(card) + chance > cashValue) {
      cash = card;
      cashValue = cardPoints(card) + chance;
    }
  });
  if (cash >= 0) return cash;
  if (plain !== 0) {
    // A low card that gives little away: short suits first (a void to come), never a ten or an
    // ace that would fall to a higher card.
    return cheapest(plain, (card) => {
      const suitCount = countCards(hand & plainSuit(kind, card));
      const chance = winChance(table, card);
      return (
        cardPoints(card) * (1 - chance) * 1.5 +
        keepCost(table, card) * 0.3 +
        suitCount * 0.8 -
        chance * 3
      );
    });
  }
  // Only trumps: the top one if it wins, else the cheapest.
  const top = extreme(kind, playable, true);
  return winChance(table, top) >= 0.75 ? top : cheapest(playable, (card) => keepCost(table, card));
}

function defenderLead(table: Table, playable: CardMask, rng: Rng): Card {
  const { kind, hand, declarer, me } = table;
  const trumps = TRUMPS[kind] as number;
  const plain = playable & ~trumps;
  const declarerCards = table.possible[declarer];
  const declarerVoid = (card: Card) => (declarerCards & plainSuit(kind, card)) === 0;
  // Cash a sure winner (an ace, a ten whose ace is gone) in a suit the declarer still follows.
  let cash = -1;
  let cashValue = 0;
  forEachCard(plain, (card) => {
    if (declarerVoid(card)) return;
    const chance = winChance(table, card);
    const value = cardPoints(card) * chance;
    if (chance >= 0.6 && cardPoints(card) >= 10 && value > cashValue) {
      cash = card;
      cashValue = value;
    }
  });
  if (cash >= 0) return cash;
  const partner = ((3 - me - declarer) % 3) as Role;
  // Let the partner ruff: a suit he has shown void in while he may still hold trumps.
  const partnerCards = table.possible[partner];
  if ((partnerCards & trumps) !== 0) {
    let ruff = -1;
    forEachCard(plain, (card) => {
      if (
        ruff < 0 &&
        (partnerCards & plainSuit(kind, card)) === 0 &&
        !declarerVoid(card) &&
        cardPoints(card) < 10
      ) {
        ruff = card;
      }
    });
    if (ruff >= 0) return ruff;
  }
  if (plain !== 0) {
    // Through the declarer: when he plays right after me, my long suit; when my partner plays
    // between us, a short suit (up to the declarer's weakness, partner can overtake).
    const declarerNext = (me + 1) % 3 === declarer;
    return cheapest(plain, (card) => {
      const suitCount = countCards(hand & plainSuit(kind, card));
      const lengthScore = declarerNext ? -suitCount : suitCount;
      const intoVoid = declarerVoid(card) ? 6 : 0;
      return lengthScore * 2 + keepCost(table, card) * 1.2 + intoVoid + rng.nextFloat() * 0.01;
    });
  }
  return cheapest(playable, (card) => keepCost(table, card));
}

/** Card to play to a trick already led, suit and grand, declarer or defender. */
function followCard(table: Table, playable: CardMask): Card {
  const { kind, trick } = table;
  const trickPoints = trick.reduce((sum, card) => sum + cardPoints(card), 0);
  const last = trick.length === 2;
  const defender = table.me !== table.declarer;

  if (defender && ourTrick(table)) {
    // My partner holds the trick: smear points when it is safe.
    const best = trickBest(table);
    let safe = 1;
    if (!last) safe = 1 - beatRisk(table, table.declarer, best.card, trick[0] as Card);
    if (safe >= 0.85) return smearCard(table, playable);
    return cheapest(playable, (card) => keepCost(table, card));
  }

  // The opponents hold the trick: win it if that is sure enough and worth it, else duck.
  let take = -1;
  let takeScore = Number.NEGATIVE_INFINITY;
  forEachCard(playable, (card) => {
    const chance = winChance(table, card);
    if (chance < (last ? 1 : 0.7)) return;
    const gain = chance * (trickPoints + cardPoints(card) + 4) - (1 - chance) * cardPoints(card);
    const score = gain - (isTrump(kind, card) ? keepCost(table, card) * 0.5 : 0);
    if (score > takeScore) {
      take = card;
      takeScore = score;
    }
  });
  const duck = cheapest(
    playable,
    (card) => (winChance(table, card) > 0 ? 100 : 0) + keepCost(table, card),
  );
  if (take < 0) return duck;
  const duckLoss = winChance(table, duck) > 0 ? 0 : cardPoints(duck) + trickPoints;
  return takeScore + duckLoss > 2 || !isTrump(kind, take) ? take : duck;
}

/**
 * The points to give my partner's trick: a ten whose ace is still out first (it could fall to the
 * ace), then aces the declarer may ruff, other tens and aces, kings, queens; never a jack.
 */
function smearCard(table: Table, playable: CardMask): Card {
  const { kind, hand } = table;
  return cheapest(playable, (card) => {
    let value = cardPoints(card);
    const rank = card & 7;
    const ace = (card & ~7) | RANK_ACE;
    if (isTrump(kind, card)) {
      if (rank === RANK_JACK) return 50;
      value -= 3;
    } else if (rank === RANK_TEN) {
      if (!has(hand, ace) && !has(table.played, ace)) value += 2;
    } else if (
      rank === RANK_ACE &&
      (table.possible[table.declarer] & plainSuit(kind, card)) !== 0
    ) {
      // An ace the declarer must follow may still win its own trick.
      value -= 2;
    }
    return -value;
  });
}

// ---------------------------------------------------------------------------------------------
// Null

/** The opponents' possible cards that rank above `card` in its suit (null order). */
function nullHigher(table: Table, card: Card, role: Role): CardMask {
  return table.possible[role] & beatersOf(NULL, card);
}

function nullDeclarerCard(table: Table, playable: CardMask): Card {
  const { trick, hand } = table;
  const dangerOf = (card: Card) => NULL_DANGER[suitByte(hand, card >> 3)] as number;
  if (trick.length > 0) {
    const best = trickBest(table).card;
    const lead = trick[0] as Card;
    const following = (playable & followMask(NULL, lead)) !== 0;
    const under = playable & ~beatersOf(NULL, best);
    if (under !== 0) {
      // Duck with the highest card that stays under; when void, throw the most dangerous card.
      if (following) return extreme(NULL, under, true);
      return cheapest(under, (card) => -(dangerOf(card) * 10 + (card & 7)));
    }
    return extreme(NULL, playable, false);
  }
  // Lead a card that someone who must follow will beat: no outstanding lower cards, many higher.
  const [d1, d2] = defenders(table);
  return cheapest(playable, (card) => {
    const suit = SUIT_MASKS[card >> 3] as number;
    const higher = countCards((nullHigher(table, card, d1) | nullHigher(table, card, d2)) & suit);
    const lower = countCards(
      (table.possible[d1] | table.possible[d2]) & suit & ~beatersOf(NULL, card) & ~(1 << card),
    );
    const followers =
      ((table.possible[d1] & suit) !== 0 ? 1 : 0) + ((table.possible[d2] & suit) !== 0 ? 1 : 0);
    if (higher === 0 || followers === 0) return 1000 + (card & 7);
    return (lower === 0 ? 0 : 10 + lower * 4) - higher + (2 - followers) * 5 + (card & 7) * 0.1;
  });
}

function nullDefenderCard(table: Table, playable: CardMask): Card {
  const { trick, declarer } = table;
  const declarerCards = table.possible[declarer];
  if (trick.length === 0) {
    // Lead low in a suit the declarer still holds, where his cards may all be higher.
    return cheapest(playable, (card) => {
      const suit = SUIT_MASKS[card >> 3] as number;
      const his = declarerCards & suit;
      if (his === 0) return 100 + (card & 7);
      const below = countCards(his & ~beatersOf(NULL, card));
      return below * 5 + (card & 7);
    });
  }
  const best = trickBest(table);
  const bestRole = playerAt(table, best.position);
  const lead = trick[0] as Card;
  const following = (playable & followMask(NULL, lead)) !== 0;
  const under = playable & ~beatersOf(NULL, best.card);
  if (bestRole === declarer) {
    // The declarer holds the trick: never overtake him; stay under with the highest card possible.
    return extreme(NULL, under !== 0 ? under : playable, true);
  }
  const declarerStillToPlay = trick.length === 1 && playerAt(table, 2) === declarer;
  if (declarerStillToPlay) {
    // Keep the card to beat as low as possible so that the declarer has to go over it.
    if (following)
      return under !== 0 ? extreme(NULL, under, false) : extreme(NULL, playable, false);
    return extreme(NULL, playable, true);
  }
  // The declarer has ducked: get rid of high cards, keep low ones for forcing him later.
  return extreme(NULL, playable, true);
}

// ---------------------------------------------------------------------------------------------
// Claims and concessions

/**
 * Whether the declarer surely takes every remaining trick. The cards "still out" are all cards the
 * judging seat cannot place (an unseen skat included), so the check never overstates. A trick in
 * progress must be his for sure: his card in it cannot be beaten, or he still holds such a card.
 */
function sweepIsCertain(table: Table, declarerRole: Role): boolean {
  const { kind, trick } = table;
  if (kind === NULL) return false;
  if (table.me !== declarerRole && !table.declarerOpen) return false;
  const declarerHand = table.me === declarerRole ? table.hand : table.possible[declarerRole];
  const out = ~(declarerHand | table.played);
  if (trick.length === 0)
    return table.leader === declarerRole && sweepsFromLead(kind, declarerHand, out);
  const position = (declarerRole - table.leader + 3) % 3;
  const best = trickBest(table);
  if (position < trick.length) {
    return (
      best.position === position &&
      (beatersOf(kind, best.card) & out) === 0 &&
      sweepsFromLead(kind, declarerHand, out)
    );
  }
  const last = trick.length === 2;
  let sure = false;
  forEachCard(playableCards(kind, declarerHand, trick[0] as Card), (card) => {
    if (sure || !beats(kind, card, best.card)) return;
    if (!last && (beatersOf(kind, card) & out) !== 0) return;
    sure = sweepsFromLead(kind, declarerHand & ~(1 << card), out);
  });
  return sure;
}

/**
 * Whether a declarer on lead with `hand` takes every trick against any placement of the `out`
 * cards: his top trumps outrank every trump out for as many rounds as trumps are out, and each of
 * his plain cards outranks every card of its suit still out.
 */
function sweepsFromLead(kind: GameKind, hand: CardMask, out: CardMask): boolean {
  const trumps = TRUMPS[kind] as number;
  const outTrumps = out & trumps;
  const myTrumps = hand & trumps;
  if (outTrumps !== 0) {
    const rounds = countCards(outTrumps);
    if (countCards(myTrumps) < rounds) return false;
    const drawing = trumpOrder(kind).filter((card) => has(myTrumps, card));
    if (!beats(kind, drawing[rounds - 1] as Card, extreme(kind, outTrumps, true))) return false;
  }
  let sure = true;
  forEachCard(hand & ~trumps, (card) => {
    if ((out & plainSuit(kind, card) & beatersOf(kind, card)) !== 0) sure = false;
  });
  return sure;
}

/**
 * Whether the declarer has lost whatever happens and playing on cannot make it worse: the
 * defenders already hold enough points, he has a trick and more than 30 points (no schneider or
 * schwarz against him to come).
 */
function lossIsSettled(table: Table): boolean {
  if (table.kind === NULL) return false;
  const needed = table.declaration.schneider ? 31 : 60;
  return table.defenderPoints >= needed && table.declarerTricks > 0 && table.declarerPoints > 30;
}
