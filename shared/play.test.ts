import { describe, expect, it, test } from "vitest";
import { apply, legalActions, seatToAct } from "./engine";
import {
  attempt,
  auctionFor,
  currentDeal,
  type DealCards,
  lastDeal,
  lastResult,
  legalSteps,
  playCards,
  type RoleName,
  rejection,
  run,
  seatOf,
  tableFrom,
} from "./testing/fixtures";
import { viewFor } from "./view";

/** Forehand holds seven clubs trumps and the top hearts; with clubs trump it can take every trick. */
const DEAL: DealCards = {
  fh: "CJ SJ CA CT CK CQ C9 HA HT HK",
  mh: "HJ DJ SA ST SK SQ S9 S8 S7 D7",
  rh: "DA DT DK DQ D9 D8 H7 HQ H9 H8",
  skat: "C8 C7",
};
/** The ten tricks of a clubs game in which forehand takes everything. */
const ALL_TEN_TO_FOREHAND =
  "CJ DJ D8  SJ HJ D9  CA S7 DQ  CT S8 DK  CK S9 DT  CQ SQ DA  C9 SK H7  HA ST H8  HT SA H9  HK D7 HQ";

/** Forehand holds the ten lowest cards it can: as null declarer it never takes a trick. */
const NULL_DEAL: DealCards = {
  fh: "C7 C8 C9 S7 S8 S9 H7 H8 H9 D7",
  mh: "CA CK CQ CJ SA SK SQ SJ HA HK",
  rh: "CT ST HT HJ HQ DT DJ DQ DK DA",
  skat: "D8 D9",
};
const NULL_TRICKS =
  "C7 CA CT  SA ST S7  HA HT H7  CK DA C8  CQ DK C9  CJ DQ S8  SK DJ S9  SQ DT H8  SJ HJ H9  HK HQ D7";

const clubsHand = (then = "") =>
  run(tableFrom(DEAL), `${auctionFor("fh", 18)}, fh declare clubs hand, ${then}`);

describe("card play (RULES §3.8, §4)", () => {
  test.each([["fh"], ["mh"], ["rh"]])(
    "forehand leads the first trick when %s declares",
    (declarer) => {
      const state = run(
        tableFrom(DEAL),
        `${auctionFor(declarer as RoleName, 18)}, ${declarer} declare grand hand`,
      );
      expect(seatToAct(state)).toBe(seatOf(state, "fh"));
      expect(legalSteps(state, "fh").filter((step) => step.startsWith("play"))).toHaveLength(10);
    },
  );

  it("has forehand lead at a four-table whose dealer sits out, whoever declares", () => {
    const state = run(
      tableFrom(DEAL, { players: 4, firstDealer: 3 }),
      `${auctionFor("rh", 18)}, rh declare grand hand`,
    );
    expect(currentDeal(state).roles).toEqual([0, 1, 2]);
    expect(seatToAct(state)).toBe(0);
    expect(legalActions(state, 3)).toEqual([]);
  });

  test.each([
    // cards played so far, step, rule error
    ["", "mh play S7", "ERR_NOT_YOUR_TURN"],
    ["", "fh play DA", "ERR_CARD_NOT_IN_HAND"],
    ["", "fh play XX", "ERR_BAD_CARD"],
    ["CJ", "mh play S7", "ERR_MUST_FOLLOW_SUIT"],
    ["CJ", "mh play D7", "ERR_MUST_FOLLOW_SUIT"],
    ["CJ", "rh play D8", "ERR_NOT_YOUR_TURN"],
    ["CJ", "mh play CJ", "ERR_CARD_NOT_IN_HAND"],
    ["CJ DJ", "fh play SJ", "ERR_NOT_YOUR_TURN"],
    ["CJ DJ D8", "mh play HJ", "ERR_NOT_YOUR_TURN"],
    ["CJ DJ D8  HA", "rh play H7", "ERR_NOT_YOUR_TURN"],
    ["CJ DJ D8  HA S7", "rh play DA", "ERR_MUST_FOLLOW_SUIT"],
  ])("after %j, %s is rejected with %s", (played, step, code) => {
    const state = played ? playCards(clubsHand(), played as string) : clubsHand();
    expect(rejection(state, step as string)).toBe(code);
  });

  it("rejects playing before the declaration", () => {
    const state = run(tableFrom(DEAL), auctionFor("fh", 18));
    expect(rejection(state, "fh play CJ")).toBe("ERR_WRONG_PHASE");
  });

  it("lets the winner of a trick lead the next", () => {
    // spades: middlehand's jacks and spades win; the diamond ace is trumped
    const state = run(
      tableFrom(DEAL),
      `${auctionFor("mh", 18)}, mh declare spades hand, cards HA S7 H7`,
    );
    expect(currentDeal(state).trickWinners).toEqual([1]);
    expect(seatToAct(state)).toBe(seatOf(state, "mh"));
  });

  it("reports each trick's winner and points", () => {
    const state = clubsHand("cards CJ DJ");
    const result = apply(state, seatOf(state, "rh"), { type: "play", card: "DA" });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.events).toContainEqual({
      type: "trick",
      winner: seatOf(state, "fh"),
      points: 15,
    });
    expect(currentDeal(result.value.state).declarerPoints).toBe(15);
  });

  it("plays all ten tricks and scores the deal: clubs hand with 2, schneider, schwarz = 6 x 12 = 72", () => {
    const state = clubsHand(`cards ${ALL_TEN_TO_FOREHAND}`);
    expect(state.finished).toBe(true);
    const result = lastResult(state);
    expect(result).toMatchObject({
      end: "played",
      won: true,
      value: 72,
      score: 72,
      matadors: 2,
      declarerPoints: 120,
      declarerTricks: 10,
      schneider: true,
      schwarz: true,
    });
    expect(state.sheet[0]).toMatchObject({
      declarer: seatOf(tableFrom(DEAL), "fh"),
      game: "clubs",
      value: 72,
      score: 72,
    });
  });

  it("plays a null game to the end when the declarer takes no trick: null hand +35", () => {
    const state = run(
      tableFrom(NULL_DEAL),
      `${auctionFor("fh", 18)}, fh declare null hand, cards ${NULL_TRICKS}`,
    );
    expect(lastResult(state)).toMatchObject({
      end: "played",
      won: true,
      value: 35,
      score: 35,
      declarerTricks: 0,
    });
    expect(lastDeal(state).trickWinners).toHaveLength(10);
  });
});

describe("what the table sees of the play (decisions table: every finished trick is public, hidden cards never)", () => {
  it("shows every finished trick and the current one to every seat and to spectators", () => {
    const state = clubsHand("cards CJ DJ D8  SJ HJ D9  CA");
    const [fh, mh, rh] = [seatOf(state, "fh"), seatOf(state, "mh"), seatOf(state, "rh")];
    for (const seat of [fh, mh, rh, null]) {
      const view = viewFor(state, seat);
      expect(view.tricks).toEqual([
        {
          leader: fh,
          winner: fh,
          cards: [
            { seat: fh, card: "CJ" },
            { seat: mh, card: "DJ" },
            { seat: rh, card: "D8" },
          ],
        },
        {
          leader: fh,
          winner: fh,
          cards: [
            { seat: fh, card: "SJ" },
            { seat: mh, card: "HJ" },
            { seat: rh, card: "D9" },
          ],
        },
      ]);
      expect(view.trick).toEqual([{ seat: fh, card: "CA" }]);
      expect(view.tricksWon[fh]).toBe(2);
      expect(view.handCounts[fh]).toBe(7);
      expect(view.handCounts[mh]).toBe(8);
    }
  });

  it("reveals the whole deal once it is over: hands as dealt, the skat and the discards", () => {
    const state = run(
      tableFrom(DEAL, { deals: 3 }),
      `${auctionFor("fh", 18)}, fh pickUp, fh discard C7 HK, fh declare clubs, fh concede`,
    );
    const previous = viewFor(state, null).previous;
    expect(previous?.dealt[seatOf(tableFrom(DEAL), "fh")]).toEqual(
      "C9 CT CQ CK CA SJ HT HK HA CJ".split(" ").sort(byIndex),
    );
    expect(previous?.skat).toEqual(["C7", "C8"]);
    expect(previous?.discards).toEqual(["C7", "HK"]);
    expect(previous?.result).toMatchObject({ end: "declarerConceded", value: 36, score: -72 });
  });
});

describe("deals that end early (RULES §4.5, §8.6)", () => {
  it("ends a null game at the declarer's first trick: null hand lost, -70", () => {
    const state = run(
      tableFrom(DEAL),
      `${auctionFor("fh", 18)}, fh declare null hand, cards HA HJ H8`,
    );
    expect(state.finished).toBe(true);
    expect(lastDeal(state).trickWinners).toEqual([0]);
    expect(lastResult(state)).toMatchObject({
      end: "nullTrick",
      won: false,
      value: 35,
      score: -70,
    });
  });

  it("ends a null ouvert after pickup at the declarer's first trick: -92", () => {
    const state = run(
      tableFrom(NULL_DEAL),
      `${auctionFor("mh", 18)}, mh pickUp, mh discard CA SA, mh declare null ouvert, cards C7 CK CT`,
    );
    expect(lastResult(state)).toMatchObject({
      end: "nullTrick",
      won: false,
      value: 46,
      score: -92,
    });
  });

  it("ends a game with schwarz announced at the defenders' first trick: clubs hand with 2 = 8 x 12, -192", () => {
    const state = run(tableFrom(DEAL), `${auctionFor("fh", 18)}, fh declare clubs hand schwarz`);
    const after = playCards(state, "C9 DJ D8");
    expect(after.finished).toBe(true);
    expect(lastResult(after)).toMatchObject({
      end: "schwarzMissed",
      won: false,
      value: 96,
      score: -192,
      declarerTricks: 0,
      declarerPoints: 0,
    });
  });

  it("ends grand ouvert at the defenders' first trick: grand ouvert without 2 lost = 9 x 24, -432", () => {
    const state = run(
      tableFrom(DEAL),
      `${auctionFor("mh", 18)}, mh declare grand hand ouvert, cards CJ DJ D8`,
    );
    expect(lastDeal(state).trickWinners).toEqual([0]);
    expect(lastResult(state)).toMatchObject({
      end: "schwarzMissed",
      won: false,
      value: 216,
      score: -432,
    });
  });

  it("plays on after the defenders' first trick when only schneider was announced", () => {
    const state = run(
      tableFrom(DEAL),
      `${auctionFor("fh", 18)}, fh declare clubs hand schneider, cards C9 DJ D8`,
    );
    expect(state.finished).toBe(false);
    expect(currentDeal(state).phase).toBe("play");
    expect(seatToAct(state)).toBe(seatOf(state, "mh"));
  });

  it("plays on after the declarer's first trick in a suit game", () => {
    const state = clubsHand("cards CJ DJ D8");
    expect(currentDeal(state).phase).toBe("play");
  });
});

describe("declarer concedes (decisions table: any time, lost, levels once a trick was played)", () => {
  test.each([
    // cards played before the concession; clubs hand with 2 = 4 levels (48), +schneider after a trick
    ["", 48, -96],
    ["CJ", 48, -96],
    ["CJ DJ", 48, -96],
    ["CJ DJ D8", 60, -120],
    ["CJ DJ D8  SJ HJ D9  CA S7 DQ  CT S8 DK  CK S9 DT", 48, -96],
  ])("after %j, conceding clubs hand with 2 costs %i (%i)", (played, value, score) => {
    const state = clubsHand(played ? `cards ${played}` : "");
    const conceded = run(state, "fh concede");
    expect(lastResult(conceded)).toMatchObject({
      end: "declarerConceded",
      won: false,
      value,
      score,
    });
  });

  it("charges a conceding declarer the announced levels and the bid: grand hand schneider announced, bid 120", () => {
    const state = run(
      tableFrom(DEAL),
      `${auctionFor("fh", 120)}, fh declare grand hand schneider, fh concede`,
    );
    // grand with 2, game, hand, schneider, announced = 6 x 24 = 144 >= 120
    expect(lastResult(state)).toMatchObject({
      won: false,
      value: 144,
      score: -288,
      overbid: false,
    });
  });

  it("charges a conceding declarer at least the bid: clubs hand with 2 at a bid of 72 costs 72 (-144)", () => {
    const state = run(
      tableFrom(DEAL),
      `${auctionFor("fh", 72)}, fh declare clubs hand, fh concede`,
    );
    expect(lastResult(state)).toMatchObject({ won: false, value: 72, score: -144, overbid: true });
  });

  it("lets the declarer concede out of turn, and a null declarer too", () => {
    const state = clubsHand("cards CJ");
    expect(legalSteps(state, "fh")).toEqual(["concede", "claim"]);
    const nullGame = run(
      tableFrom(NULL_DEAL),
      `${auctionFor("fh", 18)}, fh declare null hand, fh concede`,
    );
    expect(lastResult(nullGame)).toMatchObject({
      end: "declarerConceded",
      won: false,
      value: 35,
      score: -70,
    });
  });

  test.each([
    ["", "mh concede"],
    ["mh bid 18, fh pass, rh pass", "mh concede"],
    ["mh bid 18, fh pass, rh pass, mh pickUp", "mh concede"],
  ])("after %j, %s is not possible before the game is declared", (script, step) => {
    expect(rejection(run(tableFrom(DEAL), script as string), step as string)).toBe(
      "ERR_WRONG_PHASE",
    );
  });
});

describe("defenders concede (decisions table: only both together; the declarer takes the rest)", () => {
  it("goes on after one defender's concession", () => {
    const state = clubsHand("cards CJ DJ D8, mh concede");
    expect(currentDeal(state).phase).toBe("play");
    expect(currentDeal(state).yielded).toEqual([1]);
    expect(legalSteps(state, "mh")).toEqual([]);
    expect(rejection(state, "mh concede")).toBe("ERR_ALREADY_CONCEDED");
    expect(legalSteps(state, "rh")).toEqual(["concede"]);
  });

  test.each([
    // cards played, then both defenders concede: the declarer takes the rest (points, tricks)
    ["", 120, 10, 72],
    ["CJ DJ D8", 120, 10, 72],
    ["C9 DJ D8", 118, 9, 60],
    ["C9 DJ D8  S7", 118, 9, 60],
  ])(
    "after %j, the declarer gets %i points and %i tricks: clubs hand with 2 won %i",
    (played, points, tricks, value) => {
      const state = clubsHand(
        played ? `cards ${played}, mh concede, rh concede` : "mh concede, rh concede",
      );
      expect(lastResult(state)).toMatchObject({
        end: "defendersConceded",
        won: true,
        declarerPoints: points,
        declarerTricks: tricks,
        value,
      });
    },
  );

  it("gives the null declarer the win when both defenders concede: null hand +35", () => {
    const state = run(
      tableFrom(NULL_DEAL),
      `${auctionFor("fh", 18)}, fh declare null hand, cards C7 CA CT, rh concede, mh concede`,
    );
    expect(lastResult(state)).toMatchObject({
      end: "defendersConceded",
      won: true,
      score: 35,
      declarerTricks: 0,
    });
  });
});

describe("declarer claims the rest (decisions table: open hand; both accept or play goes on open)", () => {
  it("shows the declarer's hand to everyone at the claim, and only then", () => {
    const before = clubsHand("cards CJ DJ D8");
    expect(viewFor(before, seatOf(before, "mh")).openHand).toBeNull();
    const claimed = run(before, "fh claim");
    for (const seat of [seatOf(claimed, "mh"), seatOf(claimed, "rh"), null]) {
      expect(viewFor(claimed, seat).openHand).toEqual([
        "C9",
        "CT",
        "CQ",
        "CK",
        "CA",
        "SJ",
        "HT",
        "HK",
        "HA",
      ]);
      expect(viewFor(claimed, seat).claim).toEqual({ active: true, accepted: [] });
    }
    expect(legalSteps(claimed, "mh")).toEqual(["accept", "reject"]);
    expect(legalSteps(claimed, "fh")).toEqual([
      "play C9",
      "play CT",
      "play CQ",
      "play CK",
      "play CA",
      "play SJ",
      "play HT",
      "play HK",
      "play HA",
      "concede",
    ]);
  });

  it("ends the deal with the declarer taking every remaining trick once both accept: 72", () => {
    const state = clubsHand("cards CJ DJ D8, fh claim, mh accept, rh accept");
    expect(lastResult(state)).toMatchObject({
      end: "defendersConceded",
      won: true,
      declarerPoints: 120,
      declarerTricks: 10,
      value: 72,
    });
  });

  it("lets play continue with the hand open when a defender rejects, and the acceptance lapses", () => {
    const state = clubsHand("cards CJ DJ D8, fh claim, mh accept, rh reject");
    const deal = currentDeal(state);
    expect(deal.phase).toBe("play");
    expect(deal.claimActive).toBe(false);
    expect(deal.declarerOpen).toBe(true);
    expect(deal.yielded).toEqual([]);
    expect(seatToAct(state)).toBe(seatOf(state, "fh"));
    expect(viewFor(state, seatOf(state, "rh")).openHand).toHaveLength(9);
    // the claim can be made again
    expect(legalSteps(state, "fh")).toContain("claim");
    const finished = run(state, "cards SJ HJ D9, mh concede, rh concede");
    expect(lastResult(finished)).toMatchObject({ won: true, value: 72 });
  });

  test.each([
    ["", "mh claim", "ERR_NOT_DECLARER"],
    ["", "mh accept", "ERR_NO_CLAIM"],
    ["", "rh reject", "ERR_NO_CLAIM"],
    ["fh claim", "fh claim", "ERR_CLAIM_PENDING"],
    ["fh claim", "fh accept", "ERR_NOT_DEFENDER"],
    ["fh claim", "mh concede", "ERR_CLAIM_PENDING"],
    ["fh claim, mh accept", "mh accept", "ERR_ALREADY_CONCEDED"],
    ["fh claim, mh accept", "mh reject", "ERR_ALREADY_CONCEDED"],
  ])("after %j, %s is rejected with %s", (script, step, code) => {
    expect(rejection(clubsHand(script as string), step as string)).toBe(code);
  });

  it("lets a rejected claim withdraw its acceptances but not an earlier concession (engine decision; RULES is silent)", () => {
    const state = clubsHand("cards CJ DJ D8, mh concede, fh claim, rh reject");
    expect(currentDeal(state).yielded).toEqual([1]);
    expect(legalSteps(state, "mh")).toEqual([]);
    const finished = run(state, "rh concede");
    expect(lastResult(finished)).toMatchObject({ end: "defendersConceded" });
  });

  it("does not pause play while a claim waits for its answers", () => {
    const state = clubsHand("fh claim");
    expect(attempt(state, "fh play CJ").ok).toBe(true);
  });
});

const CARD_ORDER =
  "C7 C8 C9 CT CJ CQ CK CA S7 S8 S9 ST SJ SQ SK SA H7 H8 H9 HT HJ HQ HK HA D7 D8 D9 DT DJ DQ DK DA";
/** Engine order of cards (suit by suit, 7 up to ace), the order of views. */
function byIndex(a: string, b: string): number {
  return CARD_ORDER.indexOf(a) - CARD_ORDER.indexOf(b);
}
