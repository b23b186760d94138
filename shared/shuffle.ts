/**
 * The deterministic shuffle: a 32-byte seed gives a permutation of the 32 cards. Anyone can
 * recompute a deal from its seed (see fairness.ts and docs/fairness.md), so the algorithm is part
 * of the protocol and must never change. Precisely:
 *
 * 1. Byte stream. Block c (c = 0, 1, 2, ...) is SHA-256(seed || uint32be(c)): the 32 seed bytes
 *    followed by the counter as 4 bytes, big-endian (36 bytes hashed). The stream is block 0,
 *    then block 1, ..., each 32 bytes, read one byte at a time from the start.
 * 2. Start deck: the 32 card indices in order, deck[p] = p, i.e.
 *    C7 C8 C9 CT CJ CQ CK CA S7 ... SA H7 ... HA D7 ... DA (card index = suit * 8 + rank,
 *    suits C S H D, ranks 7 8 9 T J Q K A; see cards.ts).
 * 3. Fisher-Yates, for i = 31 down to 1:
 *      n = i + 1; limit = 256 - (256 mod n)
 *      repeat: b = next byte of the stream, until b < limit   (rejection sampling: unbiased)
 *      j = b mod n
 *      swap deck[i] and deck[j]
 *    Every byte drawn is consumed, accepted or not; one byte per draw (n <= 32 < 256).
 * 4. The result is deck[0..31], deck[p] being the card at position p.
 *
 * Dealing (the order of the International Skat Server's records): positions 0-9 are forehand's
 * cards, 10-19 middlehand's, 20-29 rearhand's, 30-31 the skat (see `splitDeck`).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import type { Card, CardMask } from "./cards";

export const DECK_SIZE = 32;
export const SEED_BYTES = 32;

/** The permutation of the 32 card indices for a 32-byte seed (the algorithm above). */
export function shuffleDeck(seed: Uint8Array): Card[] {
  if (seed.length !== SEED_BYTES) {
    throw new RangeError(`shuffleDeck: the seed must be ${SEED_BYTES} bytes, not ${seed.length}`);
  }
  const input = new Uint8Array(SEED_BYTES + 4);
  input.set(seed, 0);
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let offset = 0;
  const nextByte = (): number => {
    if (offset === block.length) {
      input[SEED_BYTES] = counter >>> 24;
      input[SEED_BYTES + 1] = (counter >>> 16) & 0xff;
      input[SEED_BYTES + 2] = (counter >>> 8) & 0xff;
      input[SEED_BYTES + 3] = counter & 0xff;
      counter++;
      block = sha256(input);
      offset = 0;
    }
    return block[offset++] as number;
  };

  const deck: Card[] = Array.from({ length: DECK_SIZE }, (_, p) => p);
  for (let i = DECK_SIZE - 1; i >= 1; i--) {
    const n = i + 1;
    const limit = 256 - (256 % n);
    let b = nextByte();
    while (b >= limit) b = nextByte();
    const j = b % n;
    const card = deck[i] as Card;
    deck[i] = deck[j] as Card;
    deck[j] = card;
  }
  return deck;
}

/** The deal of a deck: positions 0-9 forehand, 10-19 middlehand, 20-29 rearhand, 30-31 skat. */
export function splitDeck(deck: readonly Card[]): {
  hands: [CardMask, CardMask, CardMask];
  skat: CardMask;
} {
  if (deck.length !== DECK_SIZE) throw new RangeError("splitDeck: a deck has 32 cards");
  const hands: [CardMask, CardMask, CardMask] = [0, 0, 0];
  let skat = 0;
  for (let p = 0; p < DECK_SIZE; p++) {
    const bit = 1 << (deck[p] as Card);
    if (p < 30) hands[Math.floor(p / 10) as 0 | 1 | 2] |= bit;
    else skat |= bit;
  }
  return { hands, skat };
}
