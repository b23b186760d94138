import { describe, expect, it } from "vitest";
import { cardCode } from "../../shared/cards";
import {
  FACE_STYLES,
  parseCardCode,
  RANKS,
  rankIndex,
  SUIT_COLORS,
  SUITS,
} from "../../web/src/cards/meta";

describe("card face metadata (web/src/cards/meta.ts)", () => {
  it("reads every engine card code", () => {
    for (let card = 0; card < 32; card++) {
      const parts = parseCardCode(cardCode(card));
      expect(parts).toEqual({ suit: SUITS[card >> 3], rank: RANKS[card & 7] });
    }
  });

  it.each(["", "C", "CJX", "JC", "XJ", "C1", "cj"])("refuses %j", (code) => {
    expect(parseCardCode(code)).toBeUndefined();
  });

  it.each([
    ["french4", "en", "JQKA", "J Q K A"],
    ["french4", "de", "JQKA", "B D K A"],
    ["french", "pl", "JQKA", "W D K A"],
    ["french", "hu", "JQKA", "B D K A"],
    ["french", "sk", "JQKA", "J Q K A"],
    ["french", "de-AT", "JQKA", "B D K A"],
    ["french", "xx", "JQKA", "J Q K A"],
    ["german", "en", "JQKA", "U O K A"],
    ["german", "de", "789T", "7 8 9 10"],
  ] as const)("%s faces in %s print %s as %s", (faces, lang, ranks, expected) => {
    const letters = [...ranks].map((r) => rankIndex(r as (typeof RANKS)[number], faces, lang));
    expect(letters.join(" ")).toBe(expected);
  });

  it("has an index colour for every suit of every style", () => {
    for (const faces of FACE_STYLES) {
      for (const suit of SUITS) expect(SUIT_COLORS[faces][suit]).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
