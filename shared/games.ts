/**
 * Game kinds and the card-play rules that depend on them: which cards are trumps, which cards
 * follow a lead, and which card wins a trick. Everything is precomputed per game kind into small
 * tables so that a legal-move mask or a trick winner costs a few array reads and bit operations.
 */
import {
  type Card,
  type CardMask,
  cardOf,
  JACKS,
  RANK_7,
  RANK_8,
  RANK_9,
  RANK_ACE,
  RANK_JACK,
  RANK_KING,
  RANK_QUEEN,
  RANK_TEN,
  SUIT_MASKS,
  suitOf,
} from "./cards";

export const GAME_NAMES = ["clubs", "spades", "hearts", "diamonds", "grand", "null"] as const;
export type GameName = (typeof GAME_NAMES)[number];

/** Index into GAME_NAMES: 0-3 suit games (the trump suit's index), 4 grand, 5 null. */
export type GameKind = 0 | 1 | 2 | 3 | 4 | 5;
export const GRAND: GameKind = 4;
export const NULL: GameKind = 5;

export function gameKindOf(name: string): GameKind | undefined {
  const index = (GAME_NAMES as readonly string[]).indexOf(name);
  return index < 0 ? undefined : (index as GameKind);
}

export function isSuitGame(kind: GameKind): boolean {
  return kind < GRAND;
}

/** Base values: clubs 12, spades 11, hearts 10, diamonds 9, grand 24 (null has fixed values). */
export const BASE_VALUES: readonly number[] = [12, 11, 10, 9, 24];

/** The trumps of each game kind. */
export const TRUMPS: readonly CardMask[] = [
  JACKS | (SUIT_MASKS[0] as number),
  JACKS | (SUIT_MASKS[1] as number),
  JACKS | (SUIT_MASKS[2] as number),
  JACKS | (SUIT_MASKS[3] as number),
  JACKS,
  0,
];

/** Plain-suit order, low to high, in suit and grand games (ten above king). */
const PLAIN_ORDER = [RANK_7, RANK_8, RANK_9, RANK_QUEEN, RANK_KING, RANK_TEN, RANK_ACE];
/** Order of every suit in null, low to high (jack between ten and queen). */
const NULL_ORDER = [RANK_7, RANK_8, RANK_9, RANK_TEN, RANK_JACK, RANK_QUEEN, RANK_KING, RANK_ACE];
/** The jacks, low to high: diamonds, hearts, spades, clubs. */
const JACK_ORDER = [3, 2, 1, 0].map((suit) => cardOf(suit, RANK_JACK));

const TRUMP_ORDERS: readonly (readonly Card[])[] = [0, 1, 2, 3, 4, 5].map((kind) => {
  if (kind === NULL) return [];
  const jacks = [...JACK_ORDER].reverse();
  if (kind === GRAND) return jacks;
  return [...jacks, ...[...PLAIN_ORDER].reverse().map((rank) => cardOf(kind, rank))];
});

/** Trumps of a game from highest to lowest: the order in which matadors are counted. */
export function trumpOrder(kind: GameKind): readonly Card[] {
  return TRUMP_ORDERS[kind] as readonly Card[];
}

/**
 * FOLLOW[kind * 32 + card]: the cards that follow suit when `card` is led (its effective suit).
 * POWER[kind * 32 + card]: strength for comparing two cards of the same effective suit; every
 * trump is stronger than every non-trump.
 */
const FOLLOW = new Int32Array(6 * 32);
const POWER = new Uint8Array(6 * 32);

for (let kind = 0; kind < 6; kind++) {
  const trumps = TRUMPS[kind] as number;
  for (let card = 0; card < 32; card++) {
    const index = kind * 32 + card;
    if (trumps & (1 << card)) {
      FOLLOW[index] = trumps;
    } else {
      FOLLOW[index] = (SUIT_MASKS[suitOf(card)] as number) & ~trumps;
    }
  }
  if (kind === NULL) {
    NULL_ORDER.forEach((rank, order) => {
      for (let suit = 0; suit < 4; suit++) POWER[kind * 32 + cardOf(suit, rank)] = order;
    });
  } else {
    PLAIN_ORDER.forEach((rank, order) => {
      for (let suit = 0; suit < 4; suit++) POWER[kind * 32 + cardOf(suit, rank)] = order;
    });
    if (kind !== GRAND) {
      PLAIN_ORDER.forEach((rank, order) => {
        POWER[kind * 32 + cardOf(kind, rank)] = 32 + order;
      });
    }
    JACK_ORDER.forEach((card, order) => {
      POWER[kind * 32 + card] = 64 + order;
    });
  }
}

/** The cards of `hand` that may be played on a trick led with `lead` (or any card to lead). */
export function playableCards(kind: GameKind, hand: CardMask, lead: Card | -1): CardMask {
  if (lead < 0) return hand;
  const following = hand & (FOLLOW[kind * 32 + lead] as number);
  return following !== 0 ? following : hand;
}

/** The cards that follow suit when `card` is led: its effective suit in this game. */
export function followMask(kind: GameKind, card: Card): CardMask {
  return FOLLOW[kind * 32 + card] as number;
}

/** Whether `card` beats `best`, the winning card of a trick so far. */
export function beats(kind: GameKind, card: Card, best: Card): boolean {
  const base = kind * 32;
  if ((FOLLOW[base + best] as number) & (1 << card)) {
    return (POWER[base + card] as number) > (POWER[base + best] as number);
  }
  return ((TRUMPS[kind] as number) & (1 << card)) !== 0;
}

/** Index (0-2) of the winning card among the three cards of a trick, in play order. */
export function trickWinner(kind: GameKind, first: Card, second: Card, third: Card): 0 | 1 | 2 {
  let best = first;
  let winner: 0 | 1 | 2 = 0;
  if (beats(kind, second, best)) {
    best = second;
    winner = 1;
  }
  if (beats(kind, third, best)) winner = 2;
  return winner;
}
