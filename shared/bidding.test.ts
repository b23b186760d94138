import { describe, expect, it, test } from "vitest";
import { BID_VALUES, bidsAbove, isBidValue } from "./bidding";
import { legalActions, roleToAct } from "./engine";
import {
  CLUBS_DEAL,
  currentDeal,
  lastDeal,
  legalSteps,
  rejection,
  run,
  seatOf,
  tableFrom,
} from "./testing/fixtures";

const DEAL = CLUBS_DEAL;
const ROLES = ["fh", "mh", "rh"] as const;

const THE_63_VALUES =
  "18 20 22 23 24 27 30 33 35 36 40 44 45 46 48 50 54 55 59 60 " +
  "63 66 70 72 77 80 81 84 88 90 96 99 100 108 110 117 120 121 126 130 " +
  "132 135 140 143 144 150 153 154 156 160 162 165 168 170 176 180 187 192 198 204 " +
  "216 240 264";

describe("bid values (RULES §2.1)", () => {
  it("are exactly the 63 values of RULES §2.1, lowest first", () => {
    expect(BID_VALUES.join(" ")).toBe(THE_63_VALUES);
    expect(BID_VALUES).toHaveLength(63);
  });

  test.each(THE_63_VALUES.split(" ").map((value) => [Number(value)]))(
    "%i is a bid value",
    (value) => {
      expect(isBidValue(value)).toBe(true);
    },
  );

  test.each([
    [0],
    [17],
    [19],
    [21],
    [25],
    [26],
    [28],
    [34],
    [47],
    [58],
    [241],
    [263],
    [265],
    [288],
    [18.5],
    [-18],
    [Number.NaN],
  ])("%d is not a bid value", (value) => {
    expect(isBidValue(value)).toBe(false);
  });

  test.each([["18"], [null], [undefined], [{}]])(
    "%j (not a number) is not a bid value",
    (value) => {
      expect(isBidValue(value)).toBe(false);
    },
  );

  test.each([
    [0, 63, 18],
    [17, 63, 18],
    [18, 62, 20],
    [59, 44, 60],
    [240, 1, 264],
    [264, 0, undefined],
  ])("above %i lie %i values, the lowest %s", (current, count, lowest) => {
    expect(bidsAbove(current)).toHaveLength(count);
    expect(bidsAbove(current)[0]).toBe(lowest);
  });
});

describe("auctions (RULES §2.2-§2.4): middlehand bids to forehand, then rearhand to the survivor", () => {
  test.each([
    // the edge cases listed in RULES §2.4
    ["mh pass, rh bid 18, fh hold, rh pass", "fh", 18],
    ["mh bid 18, fh pass, rh pass", "mh", 18],
    // forehand after two passes plays at 18 (RULES §2.3, decisions table)
    ["mh pass, rh pass, fh bid 18", "fh", 18],
    ["mh bid 18, fh hold, mh pass, rh pass", "fh", 18],
    ["mh bid 18, fh hold, mh bid 20, fh pass, rh bid 22, mh hold, rh pass", "mh", 22],
    ["mh bid 18, fh hold, mh bid 20, fh pass, rh bid 22, mh pass", "rh", 22],
    ["mh bid 30, fh hold, mh pass, rh bid 33, fh pass", "rh", 33],
    ["mh bid 30, fh hold, mh pass, rh bid 33, fh hold, rh bid 35, fh hold, rh pass", "fh", 35],
    ["mh pass, rh bid 18, fh pass", "rh", 18],
    ["mh pass, rh bid 20, fh hold, rh bid 22, fh hold, rh bid 23, fh pass", "rh", 23],
    // jump bids to any higher value
    ["mh bid 264, fh pass, rh pass", "mh", 264],
    ["mh bid 18, fh hold, mh bid 59, fh hold, mh bid 120, fh pass, rh pass", "mh", 120],
    ["mh pass, rh bid 240, fh hold, rh bid 264, fh hold, rh pass", "fh", 264],
  ])("%s: %s declares at %i", (script, declarer, bid) => {
    const state = run(tableFrom(DEAL), script as string);
    const deal = currentDeal(state);
    expect(deal.phase).toBe("skat");
    expect(deal.declarer).toBe(ROLES.indexOf(declarer as "fh"));
    expect(deal.bid).toBe(bid);
    expect(legalSteps(state, declarer as "fh")[0]).toBe("pickUp");
  });

  it("passes the deal in when all three pass (RULES §2.4 edge case, §2.6)", () => {
    const state = run(tableFrom(DEAL, { deals: 3 }), "mh pass, rh pass, fh pass");
    expect(lastDeal(state).phase).toBe("over");
    expect(lastDeal(state).result).toBeNull();
    expect(state.sheet).toHaveLength(1);
    expect(state.sheet[0]?.passedIn).toBe(true);
    expect(state.dealNumber).toBe(1);
  });

  test.each([
    // script so far, step, expected rule error
    ["", "fh bid 18", "ERR_NOT_YOUR_TURN"],
    ["", "rh bid 18", "ERR_NOT_YOUR_TURN"],
    ["", "fh hold", "ERR_NOT_YOUR_TURN"],
    ["", "mh hold", "ERR_WRONG_PHASE"],
    ["", "mh bid 19", "ERR_NOT_A_BID_VALUE"],
    ["", "mh bid 265", "ERR_NOT_A_BID_VALUE"],
    ["", "mh bid 17", "ERR_NOT_A_BID_VALUE"],
    ["mh bid 18", "mh bid 20", "ERR_NOT_YOUR_TURN"],
    ["mh bid 18", "fh bid 20", "ERR_MUST_ANSWER"],
    ["mh bid 18, fh hold", "mh bid 18", "ERR_BID_TOO_LOW"],
    ["mh bid 20, fh hold", "mh bid 18", "ERR_BID_TOO_LOW"],
    // rearhand must bid higher than the value reached between middlehand and forehand
    ["mh bid 20, fh pass", "rh bid 20", "ERR_BID_TOO_LOW"],
    ["mh bid 20, fh hold, mh pass", "rh bid 18", "ERR_BID_TOO_LOW"],
    // passes are irrevocable: a player who passed never speaks again in this auction
    ["mh pass", "mh bid 18", "ERR_NOT_YOUR_TURN"],
    ["mh pass, rh bid 18", "mh bid 20", "ERR_NOT_YOUR_TURN"],
    ["mh bid 18, fh pass", "fh bid 20", "ERR_NOT_YOUR_TURN"],
    ["mh bid 18, fh pass, rh bid 20", "fh hold", "ERR_NOT_YOUR_TURN"],
    ["mh bid 18, fh hold, mh pass, rh bid 20", "mh hold", "ERR_NOT_YOUR_TURN"],
    ["mh pass, rh pass", "mh bid 18", "ERR_NOT_YOUR_TURN"],
    ["mh pass, rh pass", "rh bid 18", "ERR_NOT_YOUR_TURN"],
    // forehand alone after two passes: 18 or pass, nothing else
    ["mh pass, rh pass", "fh hold", "ERR_WRONG_PHASE"],
    ["mh pass, rh pass", "fh bid 19", "ERR_NOT_A_BID_VALUE"],
    // bidding is over once the declarer is known
    ["mh bid 18, fh pass, rh pass", "mh bid 20", "ERR_WRONG_PHASE"],
    ["mh bid 18, fh pass, rh pass", "rh pass", "ERR_WRONG_PHASE"],
  ])("after %j, %s is rejected with %s", (script, step, code) => {
    const state = run(tableFrom(DEAL), script as string);
    expect(rejection(state, step as string)).toBe(code);
  });

  it("lets forehand after two passes only play at 18 or pass (decision: no higher bid)", () => {
    const state = run(tableFrom(DEAL), "mh pass, rh pass");
    expect(legalSteps(state, "fh")).toEqual(["bid 18", "pass"]);
    expect(rejection(state, "fh bid 20")).toMatch(/^ERR_[A-Z_]+$/);
    expect(currentDeal(state).phase).toBe("bidding");
  });

  test.each([
    // script so far, who acts, their legal steps (bids abbreviated as the lowest and the count)
    ["", "mh", "bid 18", 63],
    ["mh bid 18, fh hold", "mh", "bid 20", 62],
    ["mh bid 30, fh hold, mh pass", "rh", "bid 33", 56],
    ["mh bid 30, fh pass", "rh", "bid 33", 56],
    ["mh pass", "rh", "bid 18", 63],
    ["mh bid 240, fh hold", "mh", "bid 264", 1],
    ["mh bid 264, fh hold", "mh", "pass", 0],
  ])("after %j, %s may bid from %s (%i values) or pass", (script, role, lowest, count) => {
    const state = run(tableFrom(DEAL), script as string);
    const steps = legalSteps(state, role as "mh");
    expect(steps).toHaveLength((count as number) + 1);
    expect(steps[0]).toBe(lowest);
    expect(steps[steps.length - 1]).toBe("pass");
    for (const other of ROLES.filter((r) => r !== role))
      expect(legalSteps(state, other)).toEqual([]);
  });

  test.each([
    ["mh bid 18", "fh"],
    ["mh pass, rh bid 18", "fh"],
    ["mh bid 18, fh pass, rh bid 20", "mh"],
    ["mh bid 18, fh hold, mh pass, rh bid 264", "fh"],
  ])("after %j, %s answers hold or pass", (script, role) => {
    const state = run(tableFrom(DEAL), script as string);
    expect(legalSteps(state, role as "fh")).toEqual(["hold", "pass"]);
    expect(roleToAct(currentDeal(state))).toBe(ROLES.indexOf(role as "fh"));
  });

  it("records the auction with the held values", () => {
    const state = run(tableFrom(DEAL), "mh bid 18, fh hold, mh bid 20, fh pass, rh pass");
    expect(currentDeal(state).auction).toEqual([
      { role: 1, call: "bid", value: 18 },
      { role: 0, call: "hold", value: 18 },
      { role: 1, call: "bid", value: 20 },
      { role: 0, call: "pass" },
      { role: 2, call: "pass" },
    ]);
  });

  it("leaves the sitting-out dealer of a four-table out of the auction", () => {
    const state = tableFrom(DEAL, { players: 4, firstDealer: 2 });
    expect(currentDeal(state).roles).toEqual([3, 0, 1]);
    expect(legalActions(state, 2)).toEqual([]);
    const after = run(state, "mh bid 18, fh hold, mh pass, rh bid 20, fh pass");
    expect(currentDeal(after).declarer).toBe(2);
    expect(seatOf(after, "rh")).toBe(1);
  });
});
