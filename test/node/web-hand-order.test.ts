// The web client's hand order (web/src/lib/handOrder.ts): trumps first from the highest, then
// each other suit from high to low in the ranking of the game.
import { describe, expect, test } from "vitest";
import { cardCode, parseCard } from "../../shared/cards";
import { beats, GAME_NAMES, type GameName, gameKindOf, TRUMPS } from "../../shared/games";
import { Rng } from "../../shared/rng";
import { sortHand } from "../../web/src/lib/handOrder";

const hand = (notation: string) => notation.split(" ");

describe("sortHand", () => {
  test.each([
    ["clubs", "D7 CJ HA CT SJ C7 DJ HT S9 CA", "CJ SJ DJ CA CT C7 HA HT S9 D7"],
    ["hearts", "D7 CJ HA CT SJ C7 DJ HT S9 CA", "CJ SJ DJ HA HT CA CT C7 S9 D7"],
    ["grand", "D7 CJ HA CT SJ C7 DJ HT S9 CA", "CJ SJ DJ CA CT C7 HA HT S9 D7"],
    ["null", "D7 CJ HA CT SJ C7 DJ HT S9 CA", "CA CJ CT C7 HA HT SJ S9 DJ D7"],
    [null, "HQ DK HJ CA DA", "HJ CA HQ DA DK"],
  ] as [GameName | null, string, string][])("%s: %s", (game, cards, expected) => {
    expect(sortHand(hand(cards), game)).toEqual(hand(expected));
  });

  test("random hands: same cards, trumps first, each suit falling by the game's ranking", () => {
    const rng = Rng.fromSeed(7);
    for (let round = 0; round < 500; round++) {
      const deck = Array.from({ length: 32 }, (_, card) => card);
      for (let i = deck.length - 1; i > 0; i--) {
        const j = rng.nextInt(i + 1);
        [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
      }
      const codes = deck.slice(0, 10 + (round % 3)).map(cardCode);
      const game = GAME_NAMES[round % GAME_NAMES.length] as GameName;
      const kind = gameKindOf(game) ?? 4;
      const sorted = sortHand(codes, game).map((code) => parseCard(code) as number);
      expect([...sorted].sort((a, b) => a - b)).toEqual(
        codes.map((code) => parseCard(code) as number).sort((a, b) => a - b),
      );
      const isTrump = (card: number) => ((TRUMPS[kind] as number) & (1 << card)) !== 0;
      const firstPlain = sorted.findIndex((card) => !isTrump(card));
      if (firstPlain >= 0) expect(sorted.slice(firstPlain).some(isTrump)).toBe(false);
      for (let i = 1; i < sorted.length; i++) {
        const [a, b] = [sorted[i - 1] as number, sorted[i] as number];
        const sameGroup = isTrump(a) === isTrump(b) && (isTrump(a) || a >> 3 === b >> 3);
        if (sameGroup) expect(beats(kind, a, b)).toBe(true);
      }
    }
  });
});
