import { describe, expect, it, test } from "vitest";
import { cardCodes, pointsOf } from "./cards";
import { type Action, apply } from "./engine";
import {
  attempt,
  auctionFor,
  CLUBS_DEAL,
  currentDeal,
  legalSteps,
  rejection,
  run,
  seatOf,
  tableFrom,
} from "./testing/fixtures";
import { viewFor } from "./view";

const DEAL = CLUBS_DEAL;

const SUITS_AND_GRAND = ["clubs", "spades", "hearts", "diamonds", "grand"];

const HAND_MENU = [
  "pickUp",
  ...SUITS_AND_GRAND.flatMap((game) => [
    `declare ${game} hand`,
    `declare ${game} hand schneider`,
    `declare ${game} hand schneider schwarz`,
    `declare ${game} hand schneider schwarz ouvert`,
  ]),
  "declare null hand",
  "declare null hand ouvert",
];
const PICKUP_MENU = [
  ...SUITS_AND_GRAND.map((game) => `declare ${game}`),
  "declare null",
  "declare null ouvert",
];

/** Forehand declarer at 18 after the auction; `then` continues the script. */
const fhAt18 = (then = "") => run(tableFrom(DEAL), `${auctionFor("fh", 18)}, ${then}`);

describe("hand or pickup (RULES §3.1-§3.4, decisions: hand decision before the skat is seen)", () => {
  it("offers pickUp and every hand declaration straight after the auction", () => {
    const state = fhAt18();
    expect(currentDeal(state).phase).toBe("skat");
    expect(legalSteps(state, "fh")).toEqual(HAND_MENU);
    expect(legalSteps(state, "mh")).toEqual([]);
    expect(legalSteps(state, "rh")).toEqual([]);
  });

  it("after pickUp offers exactly the 66 pairs of the twelve cards to discard", () => {
    const state = fhAt18("fh pickUp");
    const steps = legalSteps(state, "fh");
    expect(steps).toHaveLength(66);
    expect(steps).toContain("discard CJ SJ");
    expect(steps).toContain("discard C7 C8");
    expect(cardCodes(currentDeal(state).hands[0]).sort()).toEqual(
      "CJ SJ CA CT CK CQ C9 C8 C7 HA HT H7".split(" ").sort(),
    );
    expect(currentDeal(state).skat).toBe(0);
  });

  it("after the discard offers only the games without hand (no announcements, no suit or grand ouvert)", () => {
    const state = fhAt18("fh pickUp, fh discard C8 C7");
    expect(legalSteps(state, "fh")).toEqual(PICKUP_MENU);
  });

  test.each([
    // after pickup: hand, announcements and suit/grand ouvert are impossible (RULES §3.2)
    ["fh pickUp, fh discard C8 C7", "fh declare clubs hand", "ERR_ILLEGAL_DECLARATION"],
    ["fh pickUp, fh discard C8 C7", "fh declare clubs schneider", "ERR_ILLEGAL_DECLARATION"],
    ["fh pickUp, fh discard C8 C7", "fh declare clubs schwarz", "ERR_ILLEGAL_DECLARATION"],
    ["fh pickUp, fh discard C8 C7", "fh declare clubs ouvert", "ERR_ILLEGAL_DECLARATION"],
    ["fh pickUp, fh discard C8 C7", "fh declare grand ouvert", "ERR_ILLEGAL_DECLARATION"],
    ["fh pickUp, fh discard C8 C7", "fh declare null hand", "ERR_ILLEGAL_DECLARATION"],
    ["fh pickUp, fh discard C8 C7", "fh declare null hand ouvert", "ERR_ILLEGAL_DECLARATION"],
    ["fh pickUp, fh discard C8 C7", "fh declare null schneider", "ERR_ILLEGAL_DECLARATION"],
    // before the skat is seen only hand games or pickUp
    ["", "fh declare clubs", "ERR_ILLEGAL_DECLARATION"],
    ["", "fh declare null", "ERR_ILLEGAL_DECLARATION"],
    ["", "fh declare null ouvert", "ERR_ILLEGAL_DECLARATION"],
    ["", "fh declare null hand schwarz", "ERR_ILLEGAL_DECLARATION"],
    ["", "fh declare null hand schneider", "ERR_ILLEGAL_DECLARATION"],
    // order of the phases
    ["", "fh discard C8 C7", "ERR_WRONG_PHASE"],
    ["fh pickUp", "fh pickUp", "ERR_WRONG_PHASE"],
    ["fh pickUp", "fh declare clubs", "ERR_WRONG_PHASE"],
    ["fh pickUp", "fh declare clubs hand", "ERR_WRONG_PHASE"],
    ["fh pickUp, fh discard C8 C7", "fh pickUp", "ERR_WRONG_PHASE"],
    ["fh pickUp, fh discard C8 C7", "fh discard CJ SJ", "ERR_WRONG_PHASE"],
    // only the declarer handles the skat
    ["", "mh pickUp", "ERR_NOT_YOUR_TURN"],
    ["", "rh declare grand hand", "ERR_NOT_YOUR_TURN"],
    ["fh pickUp", "mh discard HJ DJ", "ERR_NOT_YOUR_TURN"],
    // the declaration is irrevocable (decisions table)
    ["fh declare grand hand", "fh declare clubs hand", "ERR_WRONG_PHASE"],
    ["fh pickUp, fh discard C8 C7, fh declare clubs", "fh declare grand", "ERR_WRONG_PHASE"],
    ["fh pickUp, fh discard C8 C7, fh declare clubs", "fh pickUp", "ERR_WRONG_PHASE"],
  ])("forehand declarer at 18, after %j: %s is rejected with %s", (script, step, code) => {
    expect(rejection(fhAt18(script as string), step as string)).toBe(code);
  });

  test.each([
    ["", "mh pickUp", "ERR_WRONG_PHASE"],
    ["", "mh declare grand hand", "ERR_WRONG_PHASE"],
    ["mh bid 18", "mh pickUp", "ERR_WRONG_PHASE"],
  ])("during the auction (%j), %s is rejected with %s", (script, step, code) => {
    expect(rejection(run(tableFrom(DEAL), script as string), step as string)).toBe(code);
  });
});

describe("flags implied by the declaration (RULES §3.4: schwarz ⇒ schneider; suit/grand ouvert ⇒ hand, schneider, schwarz)", () => {
  test.each([
    ["declare clubs hand", { hand: true, schneider: false, schwarz: false, ouvert: false }],
    [
      "declare clubs hand schneider",
      { hand: true, schneider: true, schwarz: false, ouvert: false },
    ],
    ["declare clubs hand schwarz", { hand: true, schneider: true, schwarz: true, ouvert: false }],
    ["declare grand ouvert", { hand: true, schneider: true, schwarz: true, ouvert: true }],
    ["declare grand hand ouvert", { hand: true, schneider: true, schwarz: true, ouvert: true }],
    [
      "declare spades hand schneider ouvert",
      { hand: true, schneider: true, schwarz: true, ouvert: true },
    ],
    ["declare null hand", { hand: true, schneider: false, schwarz: false, ouvert: false }],
    ["declare null hand ouvert", { hand: true, schneider: false, schwarz: false, ouvert: true }],
  ])("%s is played with %o", (step, flags) => {
    const state = fhAt18(`fh ${step}`);
    const game = viewFor(state, null).game;
    expect(
      game && {
        hand: game.hand,
        schneider: game.schneider,
        schwarz: game.schwarz,
        ouvert: game.ouvert,
      },
    ).toEqual(flags);
  });

  test.each([
    ["declare null", { hand: false, ouvert: false }],
    ["declare null ouvert", { hand: false, ouvert: true }],
    ["declare diamonds", { hand: false, ouvert: false }],
  ])("after pickup, %s is played with %o", (step, flags) => {
    const state = fhAt18(`fh pickUp, fh discard C8 C7, fh ${step}`);
    expect(viewFor(state, null).game).toMatchObject({ ...flags, schneider: false, schwarz: false });
  });
});

describe("null below the bid (decisions table: not offered and rejected)", () => {
  test.each([
    // bid, declarer's path, null steps offered in the menu
    [23, "hand", ["declare null hand", "declare null hand ouvert"]],
    [35, "hand", ["declare null hand", "declare null hand ouvert"]],
    [36, "hand", ["declare null hand ouvert"]],
    [59, "hand", ["declare null hand ouvert"]],
    [60, "hand", []],
    [23, "pickup", ["declare null", "declare null ouvert"]],
    [24, "pickup", ["declare null ouvert"]],
    [46, "pickup", ["declare null ouvert"]],
    [48, "pickup", []],
  ])("at a bid of %i (%s) the menu offers %j", (bid, path, offered) => {
    const then = path === "hand" ? "" : "mh pickUp, mh discard D7 S7";
    const state = run(tableFrom(DEAL), `${auctionFor("mh", bid as number)}, ${then}`);
    expect(legalSteps(state, "mh").filter((step) => step.includes("null"))).toEqual(offered);
  });

  test.each([
    [24, "hand", "mh declare null hand ouvert", null],
    [36, "hand", "mh declare null hand", "ERR_NULL_BELOW_BID"],
    [60, "hand", "mh declare null hand ouvert", "ERR_NULL_BELOW_BID"],
    [60, "hand", "mh declare null hand", "ERR_NULL_BELOW_BID"],
    [24, "pickup", "mh declare null", "ERR_NULL_BELOW_BID"],
    [46, "pickup", "mh declare null ouvert", null],
    [48, "pickup", "mh declare null ouvert", "ERR_NULL_BELOW_BID"],
    [23, "pickup", "mh declare null", null],
  ])("at a bid of %i (%s), %s gives %s", (bid, path, step, code) => {
    const then = path === "hand" ? "" : "mh pickUp, mh discard D7 S7";
    const state = run(tableFrom(DEAL), `${auctionFor("mh", bid as number)}, ${then}`);
    const result = attempt(state, step as string);
    if (code === null) {
      expect(result.ok).toBe(true);
    } else {
      expect(result.ok ? "accepted" : result.error.code).toBe(code);
    }
  });
});

describe("discarding (RULES §3.1: any two cards, jacks and the skat's own cards included)", () => {
  test.each([
    ["CJ SJ", 4],
    ["C8 C7", 0],
    ["CJ C7", 2],
    ["CA HA", 22],
    ["HT CT", 20],
  ])("forehand may lay away %s (%i points for the declarer)", (discard, points) => {
    const state = fhAt18(`fh pickUp, fh discard ${discard}, fh declare clubs`);
    const deal = currentDeal(state);
    expect(cardCodes(deal.skat).sort()).toEqual((discard as string).split(" ").sort());
    expect(cardCodes(deal.hands[0])).toHaveLength(10);
    expect(deal.hands[0] & deal.skat).toBe(0);
    expect(deal.declarerPoints).toBe(points);
    expect(pointsOf(deal.skat)).toBe(points);
  });

  it("shows the declarer the picked-up skat, then his discards, and nobody else either", () => {
    const picked = fhAt18("fh pickUp");
    expect(viewFor(picked, seatOf(picked, "fh")).skat).toEqual(["C7", "C8"]);
    const discarded = run(picked, "fh discard CJ HA");
    expect(viewFor(discarded, seatOf(discarded, "fh")).skat).toEqual(["CJ", "HA"]);
    for (const seat of [seatOf(discarded, "mh"), seatOf(discarded, "rh"), null]) {
      expect(viewFor(discarded, seat).skat).toBeNull();
      expect(JSON.stringify(viewFor(discarded, seat))).not.toMatch(/"(CJ|HA|C7|C8)"/);
    }
  });

  test.each([
    [["DA", "D7"], "ERR_CARD_NOT_IN_HAND"],
    [["CJ", "DA"], "ERR_CARD_NOT_IN_HAND"],
    [["CJ", "CJ"], "ERR_BAD_DISCARD"],
    [["CJ"], "ERR_BAD_DISCARD"],
    [["CJ", "SJ", "HA"], "ERR_BAD_DISCARD"],
    [[], "ERR_BAD_DISCARD"],
    [["CJ", "XX"], "ERR_BAD_CARD"],
    [["cj", "SJ"], "ERR_BAD_CARD"],
    ["CJ SJ", "ERR_BAD_DISCARD"],
  ])("discarding %j is rejected with %s", (discard, code) => {
    const state = fhAt18("fh pickUp");
    const result = apply(state, seatOf(state, "fh"), {
      type: "discard",
      cards: discard,
    } as unknown as Action);
    expect(result.ok ? "accepted" : result.error.code).toBe(code);
    expect(currentDeal(state).phase).toBe("discard");
  });

  it("counts the skat for the declarer of a hand game from the declaration", () => {
    const state = fhAt18("fh declare clubs hand");
    expect(currentDeal(state).declarerPoints).toBe(0);
    const withPoints = run(
      tableFrom({ ...DEAL, fh: "CJ SJ C8 C7 CK CQ C9 HA HT H7", skat: "CA CT" }),
      `${auctionFor("fh", 18)}, fh declare clubs hand`,
    );
    expect(currentDeal(withPoints).declarerPoints).toBe(21);
    expect(viewFor(withPoints, seatOf(withPoints, "fh")).skat).toBeNull();
  });
});

describe("ouvert (decisions table: the declarer's hand is shown at the declaration, the skat stays hidden)", () => {
  test.each([
    ["fh declare grand hand ouvert", "CJ SJ CA CT CK CQ C9 HA HT H7"],
    ["fh declare null hand ouvert", "CJ SJ CA CT CK CQ C9 HA HT H7"],
    ["fh pickUp, fh discard HA HT, fh declare null ouvert", "CJ SJ CA CT CK CQ C9 C8 C7 H7"],
  ])("after %s every seat sees %s", (script, open) => {
    const state = fhAt18(script as string);
    for (const seat of [seatOf(state, "mh"), seatOf(state, "rh"), null]) {
      const view = viewFor(state, seat);
      expect([...(view.openHand ?? [])].sort()).toEqual((open as string).split(" ").sort());
      expect(view.skat).toBeNull();
    }
  });

  it("keeps the hand of a plain suit game hidden", () => {
    const state = fhAt18("fh declare clubs hand");
    expect(viewFor(state, seatOf(state, "mh")).openHand).toBeNull();
    expect(JSON.stringify(viewFor(state, seatOf(state, "mh")))).not.toContain('"CJ"');
  });
});
