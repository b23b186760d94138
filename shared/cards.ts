/**
 * Cards as bits of a 32-bit mask.
 *
 * Card index = suit * 8 + rank, suits C S H D (0-3), ranks 7 8 9 T J Q K A (0-7).
 * A set of cards (a hand, the trumps of a game, a suit filter) is one int32; JavaScript's
 * bitwise operators work on signed 32-bit integers, so a mask holding a diamond ace (bit 31)
 * is negative. Masks are only ever produced and compared by bitwise operators, never by
 * arithmetic, so the sign never matters.
 *
 * At every boundary (API, records, logs) a card is its two-character code: suit letter + rank
 * letter, e.g. `CJ`, `HT`, `D7` — the notation of the International Skat Server's records.
 */

export const SUIT_LETTERS = ["C", "S", "H", "D"] as const;
export const RANK_LETTERS = ["7", "8", "9", "T", "J", "Q", "K", "A"] as const;

export type SuitIndex = 0 | 1 | 2 | 3;
/** A card index 0-31. */
export type Card = number;
/** A set of cards as a 32-bit mask. */
export type CardMask = number;

export const CLUBS = 0;
export const SPADES = 1;
export const HEARTS = 2;
export const DIAMONDS = 3;

export const RANK_7 = 0;
export const RANK_8 = 1;
export const RANK_9 = 2;
export const RANK_TEN = 3;
export const RANK_JACK = 4;
export const RANK_QUEEN = 5;
export const RANK_KING = 6;
export const RANK_ACE = 7;

export const FULL_DECK: CardMask = -1;

export function cardOf(suit: number, rank: number): Card {
  return suit * 8 + rank;
}

export function suitOf(card: Card): SuitIndex {
  return (card >> 3) as SuitIndex;
}

export function rankOf(card: Card): number {
  return card & 7;
}

export function bit(card: Card): CardMask {
  return 1 << card;
}

export const SUIT_MASKS: readonly CardMask[] = [0xff, 0xff << 8, 0xff << 16, 0xff << 24];

export const JACKS: CardMask =
  bit(cardOf(CLUBS, RANK_JACK)) |
  bit(cardOf(SPADES, RANK_JACK)) |
  bit(cardOf(HEARTS, RANK_JACK)) |
  bit(cardOf(DIAMONDS, RANK_JACK));

const RANK_POINTS = [0, 0, 0, 10, 2, 3, 4, 11] as const;

export function cardPoints(card: Card): number {
  return RANK_POINTS[card & 7] ?? 0;
}

/** Card points of every possible set of one suit's eight cards, indexed by the suit's byte. */
const POINTS_BY_BYTE: Uint8Array = (() => {
  const table = new Uint8Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let sum = 0;
    for (let rank = 0; rank < 8; rank++) if (byte & (1 << rank)) sum += RANK_POINTS[rank] ?? 0;
    table[byte] = sum;
  }
  return table;
})();

export function pointsOf(mask: CardMask): number {
  return (
    (POINTS_BY_BYTE[mask & 0xff] as number) +
    (POINTS_BY_BYTE[(mask >>> 8) & 0xff] as number) +
    (POINTS_BY_BYTE[(mask >>> 16) & 0xff] as number) +
    (POINTS_BY_BYTE[mask >>> 24] as number)
  );
}

export function countCards(mask: CardMask): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function lowestCard(mask: CardMask): Card {
  return 31 - Math.clz32(mask & -mask);
}

export function cardsOf(mask: CardMask): Card[] {
  const cards: Card[] = [];
  let rest = mask;
  while (rest !== 0) {
    const low = rest & -rest;
    cards.push(31 - Math.clz32(low));
    rest ^= low;
  }
  return cards;
}

export function maskOf(cards: readonly Card[]): CardMask {
  let mask = 0;
  for (const card of cards) mask |= 1 << card;
  return mask;
}

export function hasCard(mask: CardMask, card: Card): boolean {
  return (mask & (1 << card)) !== 0;
}

export function cardCode(card: Card): string {
  return `${SUIT_LETTERS[card >> 3]}${RANK_LETTERS[card & 7]}`;
}

const CODE_TO_CARD: ReadonlyMap<string, Card> = new Map(
  Array.from({ length: 32 }, (_, card) => [cardCode(card), card] as const),
);

/** The card for a code such as `CJ`, or undefined when the code is not one of the 32 cards. */
export function parseCard(code: unknown): Card | undefined {
  return typeof code === "string" ? CODE_TO_CARD.get(code) : undefined;
}

/** Parses space-separated notation (`"CJ SJ HA"`); throws on a bad code (for tests and fixtures). */
export function cards(notation: string): Card[] {
  const codes = notation.trim() === "" ? [] : notation.trim().split(/\s+/);
  return codes.map((code) => {
    const card = parseCard(code);
    if (card === undefined) throw new Error(`not a card: ${code}`);
    return card;
  });
}

/** Mask from space-separated notation; throws on a bad code (for tests and fixtures). */
export function hand(notation: string): CardMask {
  return maskOf(cards(notation));
}

export function cardCodes(mask: CardMask): string[] {
  return cardsOf(mask).map(cardCode);
}
