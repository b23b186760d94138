/**
 * A small, fast, deterministic pseudo-random number generator for bots, playouts and tests:
 * xoshiro128** 1.0 (Blackman and Vigna), 128 bits of state as four uint32 numbers.
 *
 * It is NOT the fairness shuffle (that is `shuffleDeck` in ./shuffle, from SHA-256) and it is not
 * cryptographic: use it where speed and reproducibility matter and nobody gains by predicting it.
 *
 * The state is four plain numbers, so a generator can be saved with `state()` and resumed with
 * `Rng.fromState()`. Seeding:
 * - `Rng.fromSeed(n)`: a 32-bit integer, expanded to 128 bits with splitmix32;
 * - `rngFromBytes(bytes)` / `rngFromHex(hex)`: any byte string, the state being the first
 *   16 bytes of SHA-256(bytes) as four big-endian uint32.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { parseHex } from "./bytes";

export type RngState = readonly [number, number, number, number];

const TWO_POW_32 = 4294967296;
/** Largest range for which `x * n` (x < 2^32) is still an exact double: 2^21. */
const EXACT_RANGE = 2097152;

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** From a raw 128-bit state; an all-zero state (the one fixed point) is replaced by [1,0,0,0]. */
  constructor(s0: number, s1: number, s2: number, s3: number) {
    // Kept as int32 (small integers to V8, never boxed); `state()` gives them back as uint32.
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
    this.s2 = s2 | 0;
    this.s3 = s3 | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** A generator from a 32-bit seed (any integer; taken modulo 2^32), expanded by splitmix32. */
  static fromSeed(seed: number): Rng {
    let x = seed >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    return new Rng(next(), next(), next(), next());
  }

  static fromState(state: RngState): Rng {
    return new Rng(state[0], state[1], state[2], state[3]);
  }

  /** The current state; `Rng.fromState(rng.state())` continues the same sequence. */
  state(): [number, number, number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }

  clone(): Rng {
    return new Rng(this.s0, this.s1, this.s2, this.s3);
  }

  /** The next uniformly distributed integer in [0, 2^32). */
  nextUint32(): number {
    const s0 = this.s0;
    const s1 = this.s1;
    const s2 = this.s2 ^ s0;
    const s3 = this.s3 ^ s1;
    // result = rotl(s1 * 5, 7) * 9
    const t = Math.imul(s1, 5);
    const result = Math.imul((t << 7) | (t >>> 25), 9) >>> 0;
    this.s0 = s0 ^ s3;
    this.s1 = s1 ^ s2;
    this.s2 = s2 ^ (s1 << 9);
    this.s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  /**
   * A uniformly distributed integer in [0, n), without bias, for an integer 1 <= n <= 2^32.
   * Lemire's multiply-and-reject for n <= 2^21 (exact in doubles), plain rejection above.
   */
  nextInt(n: number): number {
    if (n <= EXACT_RANGE) {
      if (!(n >= 1) || n !== Math.floor(n)) throw new RangeError(`nextInt: bad range ${n}`);
      let m = this.nextUint32() * n;
      let low = m >>> 0;
      if (low < n) {
        // Reject the (2^32 mod n) lowest values of `low` so that every result is equally likely.
        const threshold = (TWO_POW_32 - n) % n;
        while (low < threshold) {
          m = this.nextUint32() * n;
          low = m >>> 0;
        }
      }
      return Math.floor(m / TWO_POW_32);
    }
    if (n > TWO_POW_32 || n !== Math.floor(n)) throw new RangeError(`nextInt: bad range ${n}`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }

  /** A double in [0, 1) with 32 random bits. */
  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }
}

/** A generator whose state is the first 16 bytes of SHA-256(bytes), as big-endian uint32s. */
export function rngFromBytes(bytes: Uint8Array): Rng {
  const h = sha256(bytes);
  const word = (i: number): number =>
    (((h[i] as number) << 24) |
      ((h[i + 1] as number) << 16) |
      ((h[i + 2] as number) << 8) |
      (h[i + 3] as number)) >>>
    0;
  return new Rng(word(0), word(4), word(8), word(12));
}

/** `rngFromBytes` of a hex string (even length, 0-9a-fA-F); throws on anything else. */
export function rngFromHex(hex: string): Rng {
  const bytes = parseHex(hex);
  if (bytes === undefined) throw new Error("rngFromHex: not a hex string");
  return rngFromBytes(bytes);
}
