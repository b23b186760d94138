import { describe, expect, it, test } from "vitest";
import { hand } from "./cards";
import { gameKindOf } from "./games";
import { type Declaration, matadors, nullValue, scoreGame, seegerFabian } from "./scoring";
import { auctionFor, type DealCards, lastResult, run, tableFrom } from "./testing/fixtures";

/** The declarer's twelve cards (ten dealt + the original skat); throws unless exactly twelve. */
function twelve(notation: string): number {
  const codes = notation.split(/\s+/);
  if (codes.length !== 12 || new Set(codes).size !== 12)
    throw new Error(`not twelve cards: ${notation}`);
  return hand(notation);
}

function declaration(game: string, flags: string): Declaration {
  const kind = gameKindOf(game);
  if (kind === undefined) throw new Error(`no game ${game}`);
  const words = flags.split(/\s+/);
  return {
    kind,
    hand: words.includes("hand"),
    schneider: words.includes("schneider"),
    schwarz: words.includes("schwarz"),
    ouvert: words.includes("ouvert"),
  };
}

interface Played {
  points: number;
  tricks: number;
  tricksPlayed?: number;
  conceded?: boolean;
}

function score(game: string, flags: string, bid: number, cards: string, played: Played) {
  return scoreGame(declaration(game, flags), bid, twelve(cards), {
    declarerPoints: played.points,
    declarerTricks: played.tricks,
    tricksPlayed: played.tricksPlayed ?? 10,
    conceded: played.conceded ?? false,
  });
}

// Twelve-card holdings, named by their matadors in the game they are used for.
const CLUBS_WITH_1 = "CJ HJ DJ CA CT CK SA ST HA HT DA DT";
const CLUBS_WITH_2 = "CJ SJ DJ CA CT CK SA ST HA HT DA DT";
const CLUBS_WITH_3 = "CJ SJ HJ CA CT CK SA ST HA HT DA DT";
const CLUBS_WITH_4 = "CJ SJ HJ DJ CT CK SA ST HA HT DA DT";
const CLUBS_WITH_11 = "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 SA";
const CLUBS_WITHOUT_1 = "SJ HJ DJ CA CT CK SA ST HA HT DA DT";
const CLUBS_WITHOUT_11 = "SA ST SK SQ HA HT HK HQ DA DT DK DQ";
const DIAMONDS_WITH_1 = "CJ HJ DA DT DK DQ SA ST HA HT CA CT";
const DIAMONDS_WITH_2 = "CJ SJ DA DT DK DQ SA ST HA HT CA CT";
const DIAMONDS_WITH_3 = "CJ SJ HJ DA DT DK DQ SA ST HA HT CA";
const DIAMONDS_WITHOUT_1 = "SJ HJ DA DT DK DQ SA ST HA HT CA CT";
const DIAMONDS_WITHOUT_2 = "HJ DJ DA DT DK DQ SA ST HA HT CA CT";
const GRAND_WITH_1 = "CJ HJ DJ CA CT SA ST HA HT DA DT DK";
const GRAND_WITH_2 = "CJ SJ DJ CA CT SA ST HA HT DA DT DK";
const GRAND_WITH_4 = "CJ SJ HJ DJ CA CT SA ST HA HT DA DT";
const GRAND_WITHOUT_4 = "CA CT CK SA ST SK HA HT HK DA DT DK";
const NULL_CARDS = "CJ C7 C8 S7 S8 S9 H7 H8 H9 D7 D8 D9";

describe("matadors (RULES §5.2: over the twelve cards, unbroken from CJ, up to 11 and 4)", () => {
  test.each([
    ["clubs", "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 SA", 11],
    ["clubs", "CJ SJ HJ DJ CA CT CK CQ C9 C8 SA HA", 10],
    ["clubs", "CJ SJ HJ DJ CA CT CK CQ C9 SA HA DA", 9],
    ["clubs", "CJ SJ HJ DJ CA CT SA SK SQ S9 S8 S7", 6],
    ["clubs", CLUBS_WITH_4, 4],
    ["clubs", CLUBS_WITH_3, 3],
    ["clubs", CLUBS_WITH_2, 2],
    ["clubs", CLUBS_WITH_1, 1],
    ["clubs", CLUBS_WITHOUT_1, -1],
    ["clubs", "HJ DJ CA CT CK CQ SA ST HA HT DA DT", -2],
    ["clubs", "DJ CA CT CK CQ C9 SA ST HA HT DA DT", -3],
    ["clubs", "CA CT CK CQ C9 C8 SA ST HA HT DA DT", -4],
    ["clubs", "CT CK CQ C9 C8 C7 SA ST HA HT DA DT", -5],
    ["clubs", "C7 SA ST SK SQ HA HT HK HQ DA DT DK", -10],
    ["clubs", CLUBS_WITHOUT_11, -11],
    ["spades", "CJ SJ HJ DJ SA ST SK SQ S9 S8 S7 HA", 11],
    ["hearts", "CJ SJ HJ DJ HA HT HK HQ H9 H8 H7 SA", 11],
    ["hearts", "CJ SJ HJ DJ HA HT HK H9 H8 H7 SA ST", 7],
    ["diamonds", "CJ SJ HJ DJ DA DT DK DQ D9 D8 D7 CA", 11],
    ["diamonds", "D7 SA ST SK SQ HA HT HK HQ CA CT CK", -10],
    ["diamonds", DIAMONDS_WITHOUT_2, -2],
    ["grand", GRAND_WITH_4, 4],
    ["grand", "CJ SJ HJ CA CT CK CQ C9 C8 C7 SA HA", 3],
    ["grand", GRAND_WITH_2, 2],
    ["grand", GRAND_WITH_1, 1],
    ["grand", "SJ HJ DJ CA CT SA ST HA HT DA DT DK", -1],
    ["grand", "DJ CA CT CK SA ST SK HA HT HK DA DT", -3],
    ["grand", GRAND_WITHOUT_4, -4],
    ["null", NULL_CARDS, 0],
  ])("%s with %s: %i", (game, cards, expected) => {
    expect(matadors(gameKindOf(game as string) as never, twelve(cards as string))).toBe(expected);
  });
});

describe("game values (RULES §5.3-§6.5, decisions table)", () => {
  test.each([
    // what, game, declared flags, bid, twelve cards, declarer points, tricks, value, list score
    ["61 points win", "clubs", "", 18, CLUBS_WITH_1, 61, 5, 24, 24],
    ["60 points lose (60:60 is a declarer loss)", "clubs", "", 18, CLUBS_WITH_1, 60, 5, 24, -48],
    ["90 points: defenders schneider", "clubs", "", 18, CLUBS_WITH_1, 90, 8, 36, 36],
    [
      "89 points: no schneider, whatever one defender holds alone",
      "clubs",
      "",
      18,
      CLUBS_WITH_1,
      89,
      8,
      24,
      24,
    ],
    ["declarer with 30 is schneider", "clubs", "", 18, CLUBS_WITH_1, 30, 3, 36, -72],
    ["declarer with 31 is not schneider", "clubs", "", 18, CLUBS_WITH_1, 31, 3, 24, -48],
    ["all ten tricks: schwarz", "clubs", "", 18, CLUBS_WITH_1, 120, 10, 48, 48],
    [
      "120 points in nine tricks: schneider, not schwarz (by tricks)",
      "clubs",
      "",
      18,
      CLUBS_WITH_1,
      120,
      9,
      36,
      36,
    ],
    [
      "declarer without a trick but 21 skat points: schwarz",
      "clubs",
      "",
      18,
      CLUBS_WITH_1,
      21,
      0,
      48,
      -96,
    ],
    [
      "declarer with one 0-point trick: schneider, not schwarz",
      "clubs",
      "",
      18,
      CLUBS_WITH_1,
      0,
      1,
      36,
      -72,
    ],
    ["without 1 counts like with 1", "clubs", "", 18, CLUBS_WITHOUT_1, 70, 6, 24, 24],
    ["clubs with 3", "clubs", "", 18, CLUBS_WITH_3, 70, 6, 48, 48],
    [
      "clubs with 4 (counting stops at the missing CA)",
      "clubs",
      "",
      18,
      CLUBS_WITH_4,
      70,
      6,
      60,
      60,
    ],
    [
      "clubs without 11 (no trump at all) = 12 x 12",
      "clubs",
      "",
      18,
      CLUBS_WITHOUT_11,
      61,
      6,
      144,
      144,
    ],
    ["spades with 1", "spades", "", 18, "CJ HJ SA ST SK SQ HA HT DA DT CA CT", 75, 7, 22, 22],
    ["hearts with 1", "hearts", "", 18, "CJ HJ HA HT HK HQ SA ST DA DT CA CT", 75, 7, 20, 20],
    ["diamonds with 1 = 18, the lowest game", "diamonds", "", 18, DIAMONDS_WITH_1, 61, 5, 18, 18],
    [
      "diamonds without 2 lost = 27, -54 (RULES §5.3)",
      "diamonds",
      "",
      18,
      DIAMONDS_WITHOUT_2,
      50,
      4,
      27,
      -54,
    ],
    ["grand with 1 = 48, the smallest grand", "grand", "", 18, GRAND_WITH_1, 61, 5, 48, 48],
    ["grand with 4 schneider = 144 (RULES §5.3)", "grand", "", 18, GRAND_WITH_4, 95, 8, 144, 144],
    ["grand without 4 equals grand with 4", "grand", "", 18, GRAND_WITHOUT_4, 70, 6, 120, 120],
    ["grand with 4", "grand", "", 18, GRAND_WITH_4, 70, 6, 120, 120],
    // hand games; lost hand games are doubled too (RULES §7.1)
    ["clubs hand with 2", "clubs", "hand", 18, CLUBS_WITH_2, 70, 6, 48, 48],
    ["clubs hand with 2 lost, doubled", "clubs", "hand", 18, CLUBS_WITH_2, 50, 4, 48, -96],
    ["grand hand with 2, schneider", "grand", "hand", 18, GRAND_WITH_2, 95, 8, 120, 120],
    // announcements (RULES §5.4): won, reached higher, missed (the cumulative ladder)
    ["schneider announced and made", "clubs", "hand schneider", 18, CLUBS_WITH_1, 90, 8, 60, 60],
    [
      "schneider announced, schwarz made: no schwarz-announced level",
      "clubs",
      "hand schneider",
      18,
      CLUBS_WITH_1,
      120,
      10,
      72,
      72,
    ],
    ["schwarz announced and made", "clubs", "hand schwarz", 18, CLUBS_WITH_1, 120, 10, 84, 84],
    [
      "grand hand schneider announced, with 4 via the skat, defenders 31: 192 (court example)",
      "grand",
      "hand schneider",
      18,
      GRAND_WITH_4,
      89,
      8,
      192,
      -384,
    ],
    [
      "ISS 1044897: diamonds hand schneider announced with 3, 71 points",
      "diamonds",
      "hand schneider",
      18,
      DIAMONDS_WITH_3,
      71,
      6,
      63,
      -126,
    ],
    [
      "ISS 1163253: diamonds hand schneider announced with 2, 88 points",
      "diamonds",
      "hand schneider",
      18,
      DIAMONDS_WITH_2,
      88,
      7,
      54,
      -108,
    ],
    [
      "grand hand with 1, schneider announced, 85 points",
      "grand",
      "hand schneider",
      18,
      GRAND_WITH_1,
      85,
      7,
      120,
      -240,
    ],
    [
      "clubs hand with 2, schwarz announced, 9 tricks 110 points",
      "clubs",
      "hand schwarz",
      18,
      CLUBS_WITH_2,
      110,
      9,
      96,
      -192,
    ],
    [
      "no double schneider: announced and missed with the declarer at 25",
      "diamonds",
      "hand schneider",
      18,
      DIAMONDS_WITH_1,
      25,
      2,
      45,
      -90,
    ],
    [
      "announced schneider missed with the declarer schwarz adds schwarz",
      "diamonds",
      "hand schneider",
      18,
      DIAMONDS_WITH_1,
      10,
      0,
      54,
      -108,
    ],
    // ouvert (RULES §5.3 checks and §5.5 maxima)
    ["clubs ouvert with 2 = 108", "clubs", "hand ouvert", 18, CLUBS_WITH_2, 120, 10, 108, 108],
    ["grand ouvert with 4 = 264", "grand", "hand ouvert", 18, GRAND_WITH_4, 120, 10, 264, 264],
    [
      "ISS 13577: clubs ouvert with 1 lost = 96, -192",
      "clubs",
      "hand ouvert",
      18,
      CLUBS_WITH_1,
      100,
      9,
      96,
      -192,
    ],
    // overbid (RULES §6.5): the smallest multiple of the declared game's base that reaches the bid
    [
      "bid 22, diamonds without 1, 90 points: schneider cures the overbid",
      "diamonds",
      "",
      22,
      DIAMONDS_WITHOUT_1,
      90,
      8,
      27,
      27,
    ],
    [
      "bid 22, diamonds without 1, 89 points: overbid, charged 27",
      "diamonds",
      "",
      22,
      DIAMONDS_WITHOUT_1,
      89,
      8,
      27,
      -54,
    ],
    ["bid 30, clubs with 1 needs schneider: made", "clubs", "", 30, CLUBS_WITH_1, 91, 8, 36, 36],
    [
      "bid 36, clubs with 1 lost on cards too: charged 36",
      "clubs",
      "",
      36,
      CLUBS_WITH_1,
      50,
      4,
      36,
      -72,
    ],
    [
      "bid 30, hearts with 1: charged exactly 30",
      "hearts",
      "",
      30,
      "CJ HJ HA HT HK HQ SA ST DA DT CA CT",
      75,
      7,
      30,
      -60,
    ],
    [
      "bid 23, spades without 1, no hand, defenders 31: charged 33 (court case)",
      "spades",
      "",
      23,
      "SJ HJ SA ST SK SQ HA HT DA DT CA CT",
      89,
      8,
      33,
      -66,
    ],
    [
      "spades hand bid 72 with CJ in the skat: with 1 = 33, charged 77",
      "spades",
      "hand",
      72,
      "CJ ST SK SQ S9 S8 S7 HA HT DA DT DK",
      70,
      6,
      77,
      -154,
    ],
    [
      "hearts hand bid 59 with SJ in the skat: without 1 = 30, charged 60",
      "hearts",
      "hand",
      59,
      "SJ HT HK HQ H9 H8 H7 CA CT SA ST DA",
      75,
      7,
      60,
      -120,
    ],
    ["bid 77, grand with 1 = 48: charged 96", "grand", "", 77, GRAND_WITH_1, 80, 7, 96, -192],
    ["bid 48 on grand with 1: exactly enough", "grand", "", 48, GRAND_WITH_1, 61, 5, 48, 48],
    [
      "ISS 6358905: diamonds hand schneider announced without 1 = 45 < 46, 106 points",
      "diamonds",
      "hand schneider",
      46,
      DIAMONDS_WITHOUT_1,
      106,
      9,
      54,
      -108,
    ],
    ["ISS 596891: diamonds with 1, bid 36", "diamonds", "", 36, DIAMONDS_WITH_1, 70, 6, 36, -72],
  ])(
    "%s: %s %s at %i, %s, %i points %i tricks: value %i, score %i",
    (_what, game, flags, bid, cards, points, tricks, value, listScore) => {
      const result = score(game as string, flags as string, bid as number, cards as string, {
        points: points as number,
        tricks: tricks as number,
      });
      expect({ value: result.value, score: result.score, won: result.won }).toEqual({
        value,
        score: listScore,
        won: (listScore as number) > 0,
      });
    },
  );

  test.each([
    ["bid 22, diamonds without 1, 89 points", "diamonds", "", 22, DIAMONDS_WITHOUT_1, 89, true],
    ["bid 22, diamonds without 1, 90 points", "diamonds", "", 22, DIAMONDS_WITHOUT_1, 90, false],
    [
      "bid 18, diamonds with 1, 40 points (lost, not overbid)",
      "diamonds",
      "",
      18,
      DIAMONDS_WITH_1,
      40,
      false,
    ],
    [
      "bid 72, spades hand with 1",
      "spades",
      "hand",
      72,
      "CJ ST SK SQ S9 S8 S7 HA HT DA DT DK",
      70,
      true,
    ],
  ])("%s: overbid is %s", (_what, game, flags, bid, cards, points, overbid) => {
    const result = score(game as string, flags as string, bid as number, cards as string, {
      points: points as number,
      tricks: 7,
    });
    expect(result.overbid).toBe(overbid);
  });
});

describe("the maxima of RULES §5.5", () => {
  test.each([
    ["after pickup", "", 168, 168],
    ["hand", "hand", 180, 192],
    ["hand, schneider announced", "hand schneider", 192, 216],
    ["hand, schwarz announced", "hand schwarz", 204, 240],
    ["ouvert", "hand ouvert", 216, 264],
  ])("%s: clubs with 11 = %i, grand with 4 = %i", (_what, flags, clubs, grand) => {
    const schwarz = { points: 120, tricks: 10 };
    expect(score("clubs", flags as string, 18, CLUBS_WITH_11, schwarz).value).toBe(clubs);
    expect(score("clubs", flags as string, 18, CLUBS_WITHOUT_11, schwarz).value).toBe(clubs);
    expect(score("grand", flags as string, 18, GRAND_WITH_4, schwarz).value).toBe(grand);
    expect(score("grand", flags as string, 18, GRAND_WITHOUT_4, schwarz).value).toBe(grand);
  });
});

describe("null (RULES §5.1, §6.6): fixed values, won without a trick", () => {
  test.each([
    ["", 23],
    ["hand", 35],
    ["ouvert", 46],
    ["hand ouvert", 59],
  ])("null %s is worth %i, lost twice that", (flags, value) => {
    const words = (flags as string).split(" ");
    expect(nullValue(words.includes("hand"), words.includes("ouvert"))).toBe(value);
    const won = score("null", flags as string, 18, NULL_CARDS, { points: 0, tricks: 0 });
    expect(won).toMatchObject({ won: true, value, score: value, matadors: 0, overbid: false });
    const lost = score("null", flags as string, 18, NULL_CARDS, {
      points: 0,
      tricks: 1,
      tricksPlayed: 1,
    });
    expect(lost).toMatchObject({ won: false, value, score: -2 * (value as number) });
  });

  it("ignores the jacks a null declarer holds", () => {
    expect(
      score("null", "", 23, "CJ SJ HJ DJ C7 S7 H7 D7 C8 S8 H8 D8", { points: 0, tricks: 0 }).value,
    ).toBe(23);
  });
});

describe("a conceded game (decisions table: lost at the points and tricks so far; levels once a trick was played)", () => {
  test.each([
    [
      "before the first trick (declarer schneider not counted)",
      "clubs",
      "",
      18,
      CLUBS_WITH_2,
      0,
      0,
      0,
      36,
      -72,
    ],
    [
      "after a trick with 20 points: declarer schneider",
      "clubs",
      "",
      18,
      CLUBS_WITH_2,
      20,
      1,
      1,
      48,
      -96,
    ],
    [
      "after three tricks without one: declarer schwarz",
      "clubs",
      "",
      18,
      CLUBS_WITH_2,
      4,
      0,
      3,
      60,
      -120,
    ],
    ["with 70 points: conceded all the same", "clubs", "", 18, CLUBS_WITH_2, 70, 5, 6, 36, -72],
    ["announced schneider counts", "grand", "hand schneider", 18, GRAND_WITH_2, 0, 0, 0, 144, -288],
    ["the bid counts: clubs with 2 at 60", "clubs", "", 60, CLUBS_WITH_2, 0, 0, 0, 60, -120],
    ["null hand", "null", "hand", 18, NULL_CARDS, 0, 0, 0, 35, -70],
  ])(
    "%s: %s %s at %i: value %i, score %i",
    (_what, game, flags, bid, cards, points, tricks, tricksPlayed, value, listScore) => {
      const result = score(game as string, flags as string, bid as number, cards as string, {
        points: points as number,
        tricks: tricks as number,
        tricksPlayed: tricksPlayed as number,
        conceded: true,
      });
      expect({ won: result.won, value: result.value, score: result.score }).toEqual({
        won: false,
        value,
        score: listScore,
      });
    },
  );
});

describe("Seeger-Fabian (RULES §7.2, decisions table)", () => {
  test.each([
    [true, 48, 3, 98, 0],
    [false, -96, 3, -146, 40],
    [true, 48, 4, 98, 0],
    [false, -96, 4, -146, 30],
    [true, 264, 3, 314, 0],
    [false, -46, 4, -96, 30],
  ])(
    "won %s, list %i at a %i-table: declarer %i, each other player %i",
    (won, listScore, players, declarer, others) => {
      expect(
        seegerFabian({ won: won as boolean, score: listScore as number }, players as 3 | 4),
      ).toEqual({
        declarer,
        others,
      });
    },
  );
});

describe("the engine counts matadors on the dealt hand plus the original skat (RULES §5.2, §14.1)", () => {
  const withJackInSkat: DealCards = {
    fh: "SJ HJ CA CT CK CQ C9 HA HT HK",
    mh: "DJ C7 SA ST SK SQ S9 S8 S7 D7",
    rh: "DA DT DK DQ D9 D8 H7 HQ H9 H8",
    skat: "CJ C8",
  };
  test.each([
    // a jack in the skat raises a hand game: with 3, game, hand = 60 conceded at once
    ["fh declare clubs hand", 60, -120],
    // picked up and laid away, the club jack still counts: with 3, game = 48
    ["fh pickUp, fh discard CJ C8, fh declare clubs", 48, -96],
    // grand hand with 3: 5 x 24
    ["fh declare grand hand", 120, -240],
  ])("%s, conceded before the first card: %i (%i)", (script, value, listScore) => {
    const state = run(tableFrom(withJackInSkat), `${auctionFor("fh", 18)}, ${script}, fh concede`);
    expect(lastResult(state)).toMatchObject({ matadors: 3, value, score: listScore });
  });

  it("lets a game that cannot reach the bid be declared after pickup (RULES §3.7): diamonds at 264 charged 270, -540", () => {
    const state = run(
      tableFrom(withJackInSkat),
      `${auctionFor("fh", 264)}, fh pickUp, fh discard C8 C9, fh declare diamonds, fh concede`,
    );
    expect(lastResult(state)).toMatchObject({ overbid: true, value: 270, score: -540 });
  });

  it("lowers a hand game when the club jack lies in the skat: without 3 becomes with 1, bid 60 charged 60", () => {
    const deal: DealCards = {
      fh: "DJ CA CT CK CQ C9 C8 HA HT HK",
      mh: "SJ HJ SA ST SK SQ S9 S8 S7 D7",
      rh: "DA DT DK DQ D9 D8 H7 HQ H9 H8",
      skat: "CJ C7",
    };
    const state = run(
      tableFrom(deal),
      `${auctionFor("fh", 60)}, fh declare clubs hand, fh concede`,
    );
    expect(lastResult(state)).toMatchObject({ matadors: 1, overbid: true, value: 60, score: -120 });
  });
});

describe("the levels of the multiplier, as the engine lists them for the result screen", () => {
  const declare = (game: string, flags: Partial<Omit<Declaration, "kind">> = {}): Declaration => ({
    kind: gameKindOf(game) ?? 0,
    hand: false,
    schneider: false,
    schwarz: false,
    ouvert: false,
    ...flags,
  });
  test.each([
    // cards (12), game, flags, bid, points, tricks, expected levels, base
    [
      "CJ HJ DJ CA CT C9 SA ST HA H7 D7 D8",
      "grand",
      { hand: true, schneider: true },
      48,
      85,
      8,
      "with 1, game 1, hand 1, schneider 1, schneiderAnnounced 1",
      24,
    ],
    [
      "SJ HJ CA CT C9 SA ST HA H7 D7 D8 D9",
      "clubs",
      {},
      18,
      95,
      9,
      "without 1, game 1, schneider 1",
      12,
    ],
    [
      "CJ SJ HA HT HK HQ H9 H8 H7 SA CA DA",
      "hearts",
      { ouvert: true },
      18,
      120,
      10,
      "with 2, game 1, hand 1, schneider 1, schneiderAnnounced 1, schwarz 1, schwarzAnnounced 1, ouvert 1",
      10,
    ],
  ])("%s %s %j: %s", (cards, game, flags, bid, points, tricks, expected, base) => {
    const result = scoreGame(
      declare(game as string, flags as Partial<Declaration>),
      bid as number,
      hand(cards as string),
      {
        declarerPoints: points as number,
        declarerTricks: tricks as number,
        tricksPlayed: 10,
        conceded: false,
      },
    );
    expect(result.levels.map((level) => `${level.name} ${level.count}`).join(", ")).toBe(expected);
    expect(result.baseValue).toBe(base);
    expect(result.levels.reduce((sum, level) => sum + level.count, 0)).toBe(result.multiplier);
  });

  it("lists none for null", () => {
    const result = scoreGame(declare("null"), 23, hand("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7 D8 D9"), {
      declarerPoints: 0,
      declarerTricks: 0,
      tricksPlayed: 10,
      conceded: false,
    });
    expect(result).toMatchObject({ levels: [], baseValue: 0, multiplier: 0, value: 23 });
  });
});
