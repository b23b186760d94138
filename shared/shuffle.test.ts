import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { cardCode, cards, countCards, hand } from "./cards";
import { shuffleDeck, splitDeck } from "./shuffle";

const ascendingSeed = Uint8Array.from({ length: 32 }, (_, i) => i);

/** Seed number i: its index as 4 big-endian bytes, the rest zero. */
function seedFor(i: number): Uint8Array {
  const seed = new Uint8Array(32);
  new DataView(seed.buffer).setUint32(28, i);
  return seed;
}

/**
 * The specification in shuffle.ts, transcribed as plainly as possible: the byte stream built up
 * front from eight SHA-256 blocks (far more than 31 draws ever need in practice), no laziness.
 */
function referenceShuffle(seed: Uint8Array): number[] {
  const stream: number[] = [];
  for (let c = 0; c < 8; c++) {
    const input = new Uint8Array(36);
    input.set(seed);
    new DataView(input.buffer).setUint32(32, c);
    stream.push(...sha256(input));
  }
  let next = 0;
  const deck = Array.from({ length: 32 }, (_, p) => p);
  for (let i = 31; i >= 1; i--) {
    let b = stream[next++] as number;
    while (b >= 256 - (256 % (i + 1))) b = stream[next++] as number;
    const j = b % (i + 1);
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  return deck;
}

describe("shuffleDeck", () => {
  it("gives a permutation of the 32 cards", () => {
    for (let i = 0; i < 500; i++) {
      const deck = shuffleDeck(seedFor(i));
      expect(deck).toHaveLength(32);
      expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, c) => c));
    }
  });

  it("is deterministic and depends on every seed byte", () => {
    const deck = shuffleDeck(ascendingSeed);
    expect(shuffleDeck(Uint8Array.from(ascendingSeed))).toEqual(deck);
    for (let byte = 0; byte < 32; byte++) {
      const changed = Uint8Array.from(ascendingSeed);
      changed[byte] = (changed[byte] as number) ^ 1;
      expect(shuffleDeck(changed)).not.toEqual(deck);
    }
  });

  it("does not modify the seed", () => {
    const seed = Uint8Array.from(ascendingSeed);
    shuffleDeck(seed);
    expect(seed).toEqual(ascendingSeed);
  });

  it("matches the known-answer vectors (also checked with Python's hashlib)", () => {
    expect(shuffleDeck(ascendingSeed).map(cardCode)).toEqual(
      cards(
        "SK SJ HQ D7 C9 S9 DK D8 H8 CQ HK HT S8 CK C8 CJ ST S7 HA CA DA SA DQ SQ H9 DJ HJ D9 CT C7 DT H7",
      ).map(cardCode),
    );
    expect(shuffleDeck(new Uint8Array(32)).map(cardCode)).toEqual(
      cards(
        "SK ST D8 DA C8 C9 S8 SJ CK H8 C7 H7 HA DJ CJ D7 DQ DK SA D9 CT HJ CA H9 HQ S7 HK HT S9 CQ DT SQ",
      ).map(cardCode),
    );
  });

  it("agrees with a plain transcription of its specification", () => {
    for (let i = 0; i < 300; i++) {
      expect(shuffleDeck(seedFor(i))).toEqual(referenceShuffle(seedFor(i)));
    }
  });

  it("rejects a seed that is not 32 bytes", () => {
    expect(() => shuffleDeck(new Uint8Array(31))).toThrow(RangeError);
    expect(() => shuffleDeck(new Uint8Array(33))).toThrow(RangeError);
  });

  it("puts every card at every position about equally often (chi-square, fixed seeds)", () => {
    const seeds = 16_000; // 500 expected per cell
    // counts[card * 32 + position]
    const cells = new Uint32Array(32 * 32);
    for (let i = 0; i < seeds; i++) {
      const deck = shuffleDeck(seedFor(i));
      for (let p = 0; p < 32; p++) {
        const cell = (deck[p] as number) * 32 + p;
        cells[cell] = (cells[cell] as number) + 1;
      }
    }
    const counts = Array.from({ length: 32 }, (_, card) => [
      ...cells.slice(card * 32, card * 32 + 32),
    ]);
    const expected = seeds / 32;
    const chiSquare = (row: number[]): number =>
      row.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 31 degrees of freedom: mean 31, sd 7.9; 80 is beyond p = 1e-6 for any single card. The
    // seeds are fixed, so this never flakes; it catches a grossly biased or broken shuffle.
    for (const row of counts) expect(chiSquare(row)).toBeLessThan(80);
    // Over all 32 x 32 cells (961 degrees of freedom: mean 961, sd 44).
    const total = counts.reduce((sum, row) => sum + chiSquare(row), 0);
    expect(total).toBeLessThan(961 + 6 * 44);
    expect(total).toBeGreaterThan(961 - 6 * 44);
  });
});

describe("splitDeck", () => {
  it("deals positions 0-9, 10-19, 20-29 to forehand, middlehand, rearhand and 30-31 to the skat", () => {
    const deck = shuffleDeck(ascendingSeed);
    const { hands, skat } = splitDeck(deck);
    expect(hands[0]).toBe(hand("SK SJ HQ D7 C9 S9 DK D8 H8 CQ"));
    expect(hands[1]).toBe(hand("HK HT S8 CK C8 CJ ST S7 HA CA"));
    expect(hands[2]).toBe(hand("DA SA DQ SQ H9 DJ HJ D9 CT C7"));
    expect(skat).toBe(hand("DT H7"));
    expect(hands.map(countCards)).toEqual([10, 10, 10]);
    expect(hands[0] | hands[1] | hands[2] | skat).toBe(-1);
  });
});
