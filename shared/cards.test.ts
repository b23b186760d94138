import { describe, expect, it, test } from "vitest";
import {
  cardCode,
  cardCodes,
  cardPoints,
  cards,
  cardsOf,
  countCards,
  hand,
  JACKS,
  lowestCard,
  maskOf,
  parseCard,
  pointsOf,
  SUIT_MASKS,
} from "./cards";

const ALL_CODES =
  "C7 C8 C9 CT CJ CQ CK CA S7 S8 S9 ST SJ SQ SK SA H7 H8 H9 HT HJ HQ HK HA D7 D8 D9 DT DJ DQ DK DA";

describe("card notation (RULES §1.1: 32 cards, suits C S H D, ranks A T K Q J 9 8 7)", () => {
  it("numbers the 32 cards suit*8+rank with suits C S H D and ranks 7 8 9 T J Q K A", () => {
    expect(Array.from({ length: 32 }, (_, card) => cardCode(card)).join(" ")).toBe(ALL_CODES);
  });

  test.each(ALL_CODES.split(" ").map((code, index) => [code, index]))(
    "%s parses to card %i and back",
    (code, index) => {
      expect(parseCard(code)).toBe(index);
      expect(cardCode(index as number)).toBe(code);
    },
  );

  test.each([["cj"], ["CX"], ["C"], ["CJJ"], ["10"], ["C10"], [""], [" CJ"], ["JC"]])(
    "%j is not a card code",
    (code) => {
      expect(parseCard(code)).toBeUndefined();
    },
  );

  test.each([[5], [null], [undefined], [{}], [["CJ"]]])(
    "a non-string (%j) is not a card",
    (code) => {
      expect(parseCard(code)).toBeUndefined();
    },
  );

  it("rejects a bad code in fixture notation", () => {
    expect(() => cards("CJ XX")).toThrow("not a card: XX");
  });

  it("reads the empty notation as no cards", () => {
    expect(cards("  ")).toEqual([]);
    expect(hand("")).toBe(0);
  });
});

describe("card points (RULES §1.1: A 11, T 10, K 4, Q 3, J 2, 9/8/7 0; 30 per suit, 120 in all)", () => {
  test.each([
    ["CA", 11],
    ["ST", 10],
    ["HK", 4],
    ["DQ", 3],
    ["CJ", 2],
    ["S9", 0],
    ["H8", 0],
    ["D7", 0],
    ["DA", 11],
  ])("%s is worth %i", (code, points) => {
    expect(cardPoints(parseCard(code) as number)).toBe(points);
    expect(pointsOf(hand(code as string))).toBe(points);
  });

  test.each([
    ["CA CT CK CQ CJ C9 C8 C7", 30],
    ["SA ST SK SQ SJ S9 S8 S7", 30],
    ["HA HT HK HQ HJ H9 H8 H7", 30],
    ["DA DT DK DQ DJ D9 D8 D7", 30],
    ["CJ SJ HJ DJ", 8],
    ["CA SA HA DA", 44],
    ["DA DT", 21],
    ["C7 S8 H9 D7", 0],
    [ALL_CODES, 120],
  ])("%s holds %i points", (notation, points) => {
    expect(pointsOf(hand(notation as string))).toBe(points);
  });
});

describe("card masks", () => {
  test.each([
    ["", 0],
    ["DA", 1],
    ["CJ SJ HJ DJ", 4],
    ["C7 DA", 2],
    [ALL_CODES, 32],
  ])("%j has %i cards", (notation, count) => {
    expect(countCards(hand(notation as string))).toBe(count);
  });

  test.each([["CJ SJ HJ DJ"], ["DA"], ["C7 DA"], ["HT DK DA S7"], [ALL_CODES]])(
    "%s survives mask round trips (the diamond ace is bit 31)",
    (notation) => {
      const mask = hand(notation);
      expect(cardCodes(mask).sort()).toEqual(notation.split(" ").sort());
      expect(maskOf(cardsOf(mask))).toBe(mask);
    },
  );

  it("lists cards lowest index first", () => {
    expect(cardCodes(hand("DA C7 HJ SA"))).toEqual(["C7", "SA", "HJ", "DA"]);
    expect(cardCode(lowestCard(hand("DA HJ")))).toBe("HJ");
    expect(cardCode(lowestCard(hand("DA")))).toBe("DA");
  });

  it("has the four jacks and one mask per suit", () => {
    expect(cardCodes(JACKS)).toEqual(["CJ", "SJ", "HJ", "DJ"]);
    expect(SUIT_MASKS.map((mask) => cardCodes(mask).join(" "))).toEqual([
      "C7 C8 C9 CT CJ CQ CK CA",
      "S7 S8 S9 ST SJ SQ SK SA",
      "H7 H8 H9 HT HJ HQ HK HA",
      "D7 D8 D9 DT DJ DQ DK DA",
    ]);
  });
});
