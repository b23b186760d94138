import { describe, expect, test } from "vitest";
import { cardCode, cardCodes, hand, parseCard } from "./cards";
import {
  BASE_VALUES,
  beats,
  GAME_NAMES,
  type GameKind,
  type GameName,
  gameKindOf,
  playableCards,
  TRUMPS,
  trickWinner,
  trumpOrder,
} from "./games";

const kind = (name: string): GameKind => {
  const found = gameKindOf(name);
  if (found === undefined) throw new Error(`no game ${name}`);
  return found;
};
const card = (code: string): number => {
  const found = parseCard(code);
  if (found === undefined) throw new Error(`no card ${code}`);
  return found;
};
/** Cards as sorted codes, so that rows can list them in any order. */
const sorted = (notation: string): string[] => notation.split(/\s+/).filter(Boolean).sort();

describe("game kinds and base values (RULES §5.1)", () => {
  test.each([
    ["clubs", 12],
    ["spades", 11],
    ["hearts", 10],
    ["diamonds", 9],
    ["grand", 24],
  ])("%s has base value %i", (name, base) => {
    expect(BASE_VALUES[kind(name as string)]).toBe(base);
  });

  test.each(GAME_NAMES.map((name) => [name]))("%s round-trips through gameKindOf", (name) => {
    expect(GAME_NAMES[kind(name)]).toBe(name);
  });

  test.each([["ramsch"], ["Clubs"], [""], ["kreuz"]])("%j is not a game", (name) => {
    expect(gameKindOf(name)).toBeUndefined();
  });
});

describe("trump order (RULES §4.1-§4.3, §5.2)", () => {
  test.each([
    ["clubs", "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7"],
    ["spades", "CJ SJ HJ DJ SA ST SK SQ S9 S8 S7"],
    ["hearts", "CJ SJ HJ DJ HA HT HK HQ H9 H8 H7"],
    ["diamonds", "CJ SJ HJ DJ DA DT DK DQ D9 D8 D7"],
    ["grand", "CJ SJ HJ DJ"],
    ["null", ""],
  ])("%s: trumps high to low are %j", (name, order) => {
    expect(
      trumpOrder(kind(name as string))
        .map(cardCode)
        .join(" "),
    ).toBe(order);
    expect(sorted(cardCodes(TRUMPS[kind(name as string)] as number).join(" "))).toEqual(
      sorted(order as string),
    );
  });
});

describe("following suit (RULES §4.4): jacks are trumps in suit and grand, suit cards in null", () => {
  test.each([
    // game, hand, lead, cards that may be played
    ["spades", "SJ SA H7 D7", "S7", "SJ SA"],
    ["spades", "CJ H7 D7", "S7", "CJ"],
    ["spades", "SA SK H7", "CJ", "SA SK"],
    ["spades", "SJ H7 D7", "SA", "SJ"],
    ["hearts", "HJ S7 H7", "SA", "S7"],
    ["hearts", "SJ H7 D7", "S8", "SJ H7 D7"],
    ["hearts", "HJ HA C7", "H7", "HJ HA"],
    ["diamonds", "DJ D7 C7", "DA", "DJ D7"],
    ["diamonds", "DJ C7 S7", "D8", "DJ"],
    ["clubs", "CJ C7 S7", "SJ", "CJ C7"],
    ["clubs", "CA S7 SJ", "HJ", "CA SJ"],
    ["grand", "SJ SA SK H7", "S7", "SA SK"],
    ["grand", "SJ H7", "S7", "SJ H7"],
    ["grand", "SJ SA H7", "CJ", "SJ"],
    ["grand", "SA H7", "CJ", "SA H7"],
    ["grand", "DJ DA D7", "DK", "DA D7"],
    ["null", "SJ SA H7", "S7", "SJ SA"],
    ["null", "SJ H7", "S7", "SJ"],
    ["null", "SJ H7", "CJ", "SJ H7"],
    ["null", "CA CQ H7", "CJ", "CA CQ"],
    ["null", "DJ DA", "D7", "DJ DA"],
  ])("%s: holding %s on a lead of %s, may play %s", (name, cardsHeld, lead, playable) => {
    const mask = playableCards(
      kind(name as string),
      hand(cardsHeld as string),
      card(lead as string),
    );
    expect(cardCodes(mask).sort()).toEqual(sorted(playable as string));
  });

  test.each([["clubs"], ["grand"], ["null"]])("%s: the leader may play any card", (name) => {
    const held = "CJ SA H7 DA";
    expect(cardCodes(playableCards(kind(name), hand(held), -1)).sort()).toEqual(sorted(held));
  });

  test.each([
    // No obligation to trump: void in the led suit, a trump may be kept back.
    ["hearts", "HJ HA S7 D7", "CA", "HJ HA S7 D7"],
    ["grand", "CJ SA D7", "HA", "CJ SA D7"],
    // No obligation to overtake: a low card of the led suit may follow a high one.
    ["clubs", "CA C7 H7", "C8", "CA C7"],
    ["grand", "HA H7 CJ", "HK", "HA H7"],
  ])(
    "%s: holding %s on %s, every card in %s may be played (no obligation to trump or overtake)",
    (name, held, lead, playable) => {
      const mask = playableCards(kind(name as string), hand(held as string), card(lead as string));
      expect(cardCodes(mask).sort()).toEqual(sorted(playable as string));
    },
  );
});

describe("trick winner (RULES §4.5)", () => {
  test.each([
    // game, cards in play order, index of the winning card
    ["grand", "S7 S8 HA", 1],
    ["grand", "S7 HA H7", 0],
    ["grand", "SK ST SA", 2],
    ["grand", "ST SK S9", 0],
    ["grand", "SA SJ S7", 1],
    ["grand", "DJ HJ SJ", 2],
    ["grand", "CJ SJ HJ", 0],
    ["grand", "HJ DJ CA", 0],
    ["grand", "DA DJ DT", 1],
    ["clubs", "CA SJ C7", 1],
    ["clubs", "SJ CA C7", 0],
    ["clubs", "DJ HA CJ", 2],
    ["clubs", "HA C7 H8", 1],
    ["clubs", "HA HT HK", 0],
    ["clubs", "C9 CQ CK", 2],
    ["clubs", "CT CK CQ", 0],
    ["hearts", "SA H7 SJ", 2],
    ["hearts", "S7 D7 C7", 0],
    ["diamonds", "DA DJ D7", 1],
    ["diamonds", "H7 DA D7", 1],
    ["diamonds", "H7 D7 DA", 2],
    ["diamonds", "D7 C7 DJ", 2],
    ["spades", "DA DT D7", 0],
    ["spades", "HJ SA ST", 0],
    ["null", "ST SJ S9", 1],
    ["null", "SQ SJ SK", 2],
    ["null", "SA SK SQ", 0],
    ["null", "HJ CJ H7", 0],
    ["null", "H7 HA CA", 1],
    ["null", "DT D9 DJ", 2],
    ["null", "D7 D8 D9", 2],
    ["null", "C8 H8 C7", 0],
  ])("%s: %s is won by card %i", (name, trick, winner) => {
    const [a, b, c] = (trick as string).split(" ").map(card) as [number, number, number];
    expect(trickWinner(kind(name as string), a, b, c)).toBe(winner);
  });

  test.each(GAME_NAMES.map((name) => [name]))("%s: a card never beats itself", (name: GameName) => {
    for (let c = 0; c < 32; c++) expect(beats(kind(name), c, c)).toBe(false);
  });
});
