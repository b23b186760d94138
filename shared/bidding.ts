/**
 * The bid ladder: every value some game can be worth (RULES.md §2.1). Suit base values 9-12 and
 * grand 24 times multipliers 2-18 (grand 2-11), plus the four null values; 63 values, 18 to 264.
 */
import { BASE_VALUES } from "./games";

export const BID_VALUES: readonly number[] = (() => {
  const values = new Set<number>([23, 35, 46, 59]);
  for (const base of BASE_VALUES) {
    const maxMultiplier = base === 24 ? 11 : 18;
    for (let multiplier = 2; multiplier <= maxMultiplier; multiplier++)
      values.add(base * multiplier);
  }
  return [...values].sort((a, b) => a - b);
})();

const BID_SET: ReadonlySet<number> = new Set(BID_VALUES);

export function isBidValue(value: unknown): value is number {
  return typeof value === "number" && BID_SET.has(value);
}

/** The bid values above `current`, lowest first. */
export function bidsAbove(current: number): number[] {
  return BID_VALUES.filter((value) => value > current);
}
