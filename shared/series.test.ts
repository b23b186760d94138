import { describe, expect, it, test } from "vitest";
import { parseHex } from "./bytes";
import { cardCodes } from "./cards";
import {
  apply,
  defaultSeriesLength,
  isValidSeriesLength,
  legalActions,
  newGame,
  type SheetEntry,
  seatToAct,
  standings,
} from "./engine";
import { shuffleDeck } from "./shuffle";
import {
  auctionFor,
  currentDeal,
  type DealCards,
  run,
  seatOf,
  tableFrom,
} from "./testing/fixtures";
import { viewFor } from "./view";

const DEAL: DealCards = {
  fh: "CJ SJ CA CT CK CQ C9 HA HT HK",
  mh: "HJ DJ SA ST SK SQ S9 S8 S7 D7",
  rh: "DA DT DK DQ D9 D8 H7 HQ H9 H8",
  skat: "C8 C7",
};
const PASS_IN = "mh pass, rh pass, fh pass";
/** Clubs hand with 2 declared by forehand and conceded at once: lost 48, -96. */
const CLUBS_HAND_CONCEDED = `${auctionFor("fh", 18)}, fh declare clubs hand, fh concede`;

describe("dealer rotation (RULES §1.2, §1.4, §2.6)", () => {
  test.each([
    [3, 0, [0, 1, 2, 0, 1, 2]],
    [3, 2, [2, 0, 1, 2, 0, 1]],
    [4, 0, [0, 1, 2, 3, 0, 1, 2, 3]],
    [4, 3, [3, 0, 1, 2, 3, 0, 1, 2]],
  ])(
    "at a %i-table with seat %i dealing first, passed-in deals rotate the dealer: %j",
    (players, first, dealers) => {
      let state = tableFrom(DEAL, {
        players: players as 3 | 4,
        firstDealer: first as number,
        deals: (dealers as number[]).length,
      });
      const seen: number[] = [];
      const forehands: number[] = [];
      while (!state.finished) {
        seen.push(currentDeal(state).dealer);
        forehands.push(seatOf(state, "fh"));
        state = run(state, PASS_IN);
      }
      expect(seen).toEqual(dealers);
      expect(state.sheet.map((entry) => entry.dealer)).toEqual(dealers);
      expect(forehands).toEqual(
        (dealers as number[]).map((dealer) => (dealer + 1) % (players as number)),
      );
    },
  );

  it("rotates the dealer after played and passed-in deals alike", () => {
    let state = tableFrom(DEAL, { deals: 6 });
    const dealers: number[] = [];
    for (const script of [
      CLUBS_HAND_CONCEDED,
      PASS_IN,
      PASS_IN,
      CLUBS_HAND_CONCEDED,
      PASS_IN,
      CLUBS_HAND_CONCEDED,
    ]) {
      dealers.push(currentDeal(state).dealer);
      state = run(state, script);
    }
    expect(dealers).toEqual([0, 1, 2, 0, 1, 2]);
    expect(state.sheet.map((entry) => entry.passedIn)).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(state.finished).toBe(true);
  });

  test.each([
    [3, 0, [1, 2, 0]],
    [3, 1, [2, 0, 1]],
    [4, 0, [1, 2, 3]],
    [4, 1, [2, 3, 0]],
    [4, 3, [0, 1, 2]],
  ])(
    "at a %i-table with dealer %i, forehand, middlehand, rearhand sit at %j",
    (players, dealer, roles) => {
      const state = tableFrom(DEAL, { players: players as 3 | 4, firstDealer: dealer as number });
      expect(currentDeal(state).roles).toEqual(roles);
    },
  );
});

describe("dealing (RULES §1.3: deck positions 0-9 forehand, 10-19 middlehand, 20-29 rearhand, 30-31 skat)", () => {
  test.each([
    [3, 0],
    [3, 2],
    [4, 1],
    [4, 3],
  ])("at a %i-table with dealer %i each role gets its ten cards", (players, dealer) => {
    const state = tableFrom(DEAL, { players: players as 3 | 4, firstDealer: dealer as number });
    const parts = [DEAL.fh, DEAL.mh, DEAL.rh];
    (["fh", "mh", "rh"] as const).forEach((role, index) => {
      const seat = seatOf(state, role);
      expect([...viewFor(state, seat).hand].sort()).toEqual(
        (parts[index] as string).split(" ").sort(),
      );
    });
    expect(cardCodes(currentDeal(state).skat).sort()).toEqual(["C7", "C8"]);
  });

  it("deals each deal of a seeded series from shuffleDeck(seed)", () => {
    const seeds = ["00", "ff"].map((byte) => byte.repeat(32));
    const created = newGame({ players: 3, deals: 3, seeds: [...seeds, seeds[0] as string] });
    if (!created.ok) throw new Error(created.error.code);
    expect(currentDeal(created.value).deck).toEqual(shuffleDeck(parseHex(seeds[0]) as Uint8Array));
    const next = run(created.value, PASS_IN);
    expect(currentDeal(next).deck).toEqual(shuffleDeck(parseHex(seeds[1]) as Uint8Array));
    expect(currentDeal(next).deck).not.toEqual(currentDeal(created.value).deck);
  });
});

describe("the sitting-out dealer of a four-table (RULES §1.2)", () => {
  test.each([
    ["bidding", ""],
    ["answering", "mh bid 18"],
    ["skat", auctionFor("mh", 18)],
    ["discard", `${auctionFor("mh", 18)}, mh pickUp`],
    ["declare", `${auctionFor("mh", 18)}, mh pickUp, mh discard D7 S7`],
    ["play", `${auctionFor("mh", 18)}, mh declare spades hand`],
    ["play, trick under way", `${auctionFor("mh", 18)}, mh declare spades hand, cards HA HJ`],
    ["play, claim pending", `${auctionFor("mh", 18)}, mh declare spades hand, mh claim`],
  ])("gets no cards and no legal action while %s", (_phase, script) => {
    const state = run(tableFrom(DEAL, { players: 4, firstDealer: 1 }), script as string);
    const dealer = 1;
    expect(currentDeal(state).roles).not.toContain(dealer);
    expect(legalActions(state, dealer)).toEqual([]);
    const view = viewFor(state, dealer);
    expect(view.hand).toEqual([]);
    expect(view.handCounts[dealer]).toBe(0);
    expect(view.legal).toEqual([]);
    for (const seat of [0, 2, 3]) {
      for (const action of legalActions(state, seat)) {
        const result = apply(state, dealer, action);
        expect(result.ok ? "accepted" : result.error.code).toBe("ERR_NOT_IN_DEAL");
      }
    }
  });
});

describe("series length (RULES §1.4, decisions table: 36 at 3, 48 at 4, or a shorter multiple of the table size)", () => {
  it("defaults to 36 deals at a 3-table and 48 at a 4-table", () => {
    expect(defaultSeriesLength(3)).toBe(36);
    expect(defaultSeriesLength(4)).toBe(48);
  });

  test.each([
    [3, 36, true],
    [3, 18, true],
    [3, 3, true],
    [3, 20, false],
    [3, 0, false],
    [3, 37, false],
    [4, 48, true],
    [4, 24, true],
    [4, 4, true],
    [4, 30, false],
    [4, 36, true],
    [4, 2.5, false],
  ])("at a %i-table, %d deals valid: %s", (players, deals, valid) => {
    expect(isValidSeriesLength(players as 3 | 4, deals as number)).toBe(valid);
  });

  test.each([
    [3, 36, 12],
    [4, 48, 12],
  ])(
    "a %i-table plays %i deals, each seat dealing %i times, passed-in deals included",
    (players, deals, each) => {
      const seeds = Array.from({ length: deals as number }, (_, index) =>
        index.toString(16).padStart(64, "0"),
      );
      const created = newGame({ players: players as 3 | 4, deals: deals as number, seeds });
      if (!created.ok) throw new Error(created.error.code);
      let state = created.value;
      while (!state.finished) state = run(state, PASS_IN);
      expect(state.sheet).toHaveLength(deals as number);
      expect(state.dealNumber).toBe(deals);
      for (let seat = 0; seat < (players as number); seat++) {
        expect(state.sheet.filter((entry) => entry.dealer === seat)).toHaveLength(each as number);
      }
      expect(state.deal).toBeNull();
      expect(seatToAct(state)).toBeNull();
      for (let seat = 0; seat < (players as number); seat++)
        expect(legalActions(state, seat)).toEqual([]);
      const after = apply(state, 0, { type: "pass" });
      expect(after.ok ? "accepted" : after.error.code).toBe("ERR_GAME_OVER");
    },
  );

  test.each([
    [{ players: 5, deals: 3 }],
    [{ players: 3, deals: 0 }],
    [{ players: 3, deals: 3, firstDealer: 3 }],
    [{ players: 3, deals: 2, seeds: ["00"] }],
    [{ players: 3, deals: 1, decks: [[0, 1, 2]] }],
  ])("rejects the configuration %j", (config) => {
    const result = newGame(config as never);
    expect(result.ok ? "accepted" : result.error.code).toBe("ERR_BAD_CONFIG");
  });
});

describe("the score sheet (RULES §2.6, §7)", () => {
  it("enters a passed-in deal with nothing for anyone", () => {
    const state = run(tableFrom(DEAL, { players: 4, deals: 4 }), PASS_IN);
    expect(state.sheet[0]).toMatchObject({
      deal: 0,
      dealer: 0,
      declarer: null,
      game: null,
      passedIn: true,
      score: 0,
      seegerFabian: [0, 0, 0, 0],
    });
  });

  it("enters a lost game with 40 for each other player at a 3-table", () => {
    const state = run(tableFrom(DEAL, { deals: 3 }), CLUBS_HAND_CONCEDED);
    // dealer 0: forehand is seat 1
    expect(state.sheet[0]).toEqual({
      deal: 0,
      dealer: 0,
      declarer: 1,
      game: "clubs",
      hand: true,
      schneider: false,
      schwarz: false,
      ouvert: false,
      bid: 18,
      won: false,
      value: 48,
      score: -96,
      seegerFabian: [40, -146, 40],
      passedIn: false,
    } satisfies SheetEntry);
  });

  it("pays the sitting-out dealer of a 4-table the 30 too (RULES §7.2, §14.7)", () => {
    const state = run(
      tableFrom(DEAL, { players: 4, firstDealer: 2, deals: 4 }),
      CLUBS_HAND_CONCEDED,
    );
    // dealer 2 sits out; forehand is seat 3
    expect(state.sheet[0]?.declarer).toBe(3);
    expect(state.sheet[0]?.seegerFabian).toEqual([30, 30, 30, -146]);
    const table = standings(state);
    expect(table.map((row) => row.seegerFabian)).toEqual([30, 30, 30, -146]);
    expect(table[3]).toMatchObject({ list: -96, won: 0, lost: 1, rank: 4 });
    expect(table[2]).toMatchObject({ list: 0, won: 0, lost: 0, rank: 1 });
  });

  it("enters a won game with +50 for the declarer and nothing for the others", () => {
    const state = run(
      tableFrom(DEAL, { deals: 3 }),
      `${auctionFor("fh", 18)}, fh declare clubs hand, mh concede, rh concede`,
    );
    // the declarer takes every trick: clubs hand with 2, schneider, schwarz = 72
    expect(state.sheet[0]).toMatchObject({
      declarer: 1,
      won: true,
      value: 72,
      score: 72,
      seegerFabian: [0, 122, 0],
    });
  });
});

describe("standings (RULES §7.2: Seeger-Fabian, then more games won, then fewer lost)", () => {
  /** A sheet row as the engine writes it: Seeger-Fabian ±50 for the declarer, 40 to the others when lost. */
  function entry(declarer: number, listScore: number): SheetEntry {
    const won = listScore > 0;
    return {
      deal: 0,
      dealer: 0,
      declarer,
      game: "clubs",
      hand: false,
      schneider: false,
      schwarz: false,
      ouvert: false,
      bid: 18,
      won,
      value: won ? listScore : -listScore / 2,
      score: listScore,
      seegerFabian: [0, 1, 2].map((seat) =>
        seat === declarer ? listScore + (won ? 50 : -50) : won ? 0 : 40,
      ),
      passedIn: false,
    };
  }

  test.each([
    ["Seeger-Fabian decides first", [entry(0, 48), entry(1, 24)], [98, 74, 0], [1, 2, 3]],
    [
      "equal Seeger-Fabian: more games won ranks higher",
      [entry(1, 100), entry(1, 24), entry(1, -36), entry(0, 48)],
      [138, 138, 40],
      [2, 1, 3],
    ],
    [
      "equal Seeger-Fabian and wins: fewer games lost ranks higher",
      [entry(0, 150), entry(0, -36), entry(1, 24), entry(2, -36)],
      [154, 154, -46],
      [2, 1, 3],
    ],
    [
      "equal on all three: the same rank (the official last resort is a lot)",
      [entry(0, 48), entry(1, 48)],
      [98, 98, 0],
      [1, 1, 3],
    ],
    [
      "the classic list does not decide: 42 in two games ranks above 72 in one",
      [entry(0, 72), entry(1, 24), entry(1, 18)],
      [122, 142, 0],
      [2, 1, 3],
    ],
  ])("%s", (_what, sheet, seegerFabian, ranks) => {
    const table = standings({ players: 3, sheet: sheet as SheetEntry[] });
    expect(table.map((row) => row.seegerFabian)).toEqual(seegerFabian);
    expect(table.map((row) => row.rank)).toEqual(ranks);
  });

  it("sums the classic list, wins and losses per seat", () => {
    const table = standings({
      players: 3,
      sheet: [entry(1, 100), entry(1, 24), entry(1, -36), entry(0, 48)],
    });
    expect(table.map(({ list, won, lost }) => ({ list, won, lost }))).toEqual([
      { list: 48, won: 1, lost: 0 },
      { list: 88, won: 2, lost: 1 },
      { list: 0, won: 0, lost: 0 },
    ]);
  });

  it("shows the standings and the sheet to every seat and to spectators", () => {
    const state = run(tableFrom(DEAL, { deals: 3 }), CLUBS_HAND_CONCEDED);
    for (const seat of [0, 1, 2, null]) {
      const view = viewFor(state, seat);
      expect(view.sheet).toHaveLength(1);
      expect(view.standings.map((row) => row.seegerFabian)).toEqual([40, -146, 40]);
    }
  });
});
