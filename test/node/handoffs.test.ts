// The hand-off count of scripts/handoffs.ts: the counting rule on scripted deals, the bot's bid
// limit reproducing its own bidding under the server's bidUnderLimit, and the helpers cutting the
// asks over a few hundred deals.
import { describe, expect, test } from "vitest";
import {
  type Ask,
  botPerson,
  dealGame,
  measureHandoffs,
  newAsks,
  type Person,
  playDeal,
  WITH_HELPERS,
  WITHOUT_HELPERS,
} from "../../scripts/handoffs";
import { chooseAction } from "../../shared/bot";
import { cards } from "../../shared/cards";
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  newGame,
  type Role,
  roleOf,
  type Seat,
  seatToAct,
} from "../../shared/engine";
import { bidUnderLimit } from "../../worker/auto";

const FOREHAND = 0;
const MIDDLEHAND = 1;
const REARHAND = 2;

/**
 * Forehand holds a grand with HA HT HK and nothing else in hearts among the others but one
 * heart each for middlehand (H7) and rearhand (H8): the lead of HA leaves both one legal card.
 */
const DECK = cards(
  "CJ SJ HJ DJ HA HT HK CA SA ST " +
    "H7 C7 C8 C9 CQ CK S7 S8 S9 SQ " +
    "H8 SK CT D7 D8 D9 DT DQ DK DA " +
    "H9 HQ",
);

function scriptedGame(): GameState {
  const created = newGame({ players: 3, deals: 1, decks: [DECK] });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

type Step = [Role, (action: Action) => boolean];
const bid = (value: number) => (a: Action) => a.type === "bid" && a.value === value;
const is = (type: Action["type"]) => (a: Action) => a.type === type;
const play = (code: string) => (a: Action) => a.type === "play" && a.card === code;
const discard = (a: Action) => a.type === "discard" && [...a.cards].sort().join(" ") === "H9 HQ";
const grand = (a: Action) =>
  a.type === "declare" && a.game === "grand" && !a.hand && !a.schneider && !a.schwarz && !a.ouvert;

/** A table whose people make exactly `steps`, in order, with the given bid limits by role. */
function scripted(steps: Step[], limits: Record<Role, number>): Person & { left: () => number } {
  const queue = [...steps];
  return {
    decide(state, seat) {
      const step = queue.shift();
      if (!step) throw new Error(`no scripted move left for seat ${seat}`);
      const deal = state.deal;
      if (!deal) throw new Error("no deal");
      expect(roleOf(deal, seat)).toBe(step[0]);
      const action = legalActions(state, seat).find(step[1]);
      if (!action) throw new Error(`scripted move not legal for role ${step[0]}`);
      return action;
    },
    bidLimit(state, seat) {
      return limits[roleOf(state.deal as NonNullable<GameState["deal"]>, seat) as Role];
    },
    left: () => queue.length,
  };
}

/** Asks as [role, phase], seats translated back to roles for readability. */
function asRoles(game: GameState, asks: Ask[]): [Role, string][] {
  const deal = game.deal as NonNullable<GameState["deal"]>;
  return asks.map((ask) => [roleOf(deal, ask.seat) as Role, ask.phase]);
}

const BIDDING: Step[] = [
  [MIDDLEHAND, bid(18)],
  [FOREHAND, is("hold")],
  [MIDDLEHAND, is("pass")],
  [REARHAND, is("pass")],
];
const DECLARING_AND_LEAD: Step[] = [
  [FOREHAND, is("pickUp")],
  [FOREHAND, discard],
  [FOREHAND, grand],
  [FOREHAND, play("HA")],
];
const FORCED_FOLLOWS: Step[] = [
  [MIDDLEHAND, play("H7")],
  [REARHAND, play("H8")],
];
/** Limits under which bidUnderLimit bids exactly BIDDING: 18, hold, pass, pass. */
const LIMITS: Record<Role, number> = { 0: 18, 1: 18, 2: 0 };

describe("counting rule", () => {
  test("an ask is a seat entering the set the table waits on", () => {
    expect(newAsks([], [1])).toEqual([1]);
    expect(newAsks([1], [1])).toEqual([]);
    expect(newAsks([1], [2])).toEqual([2]);
    expect(newAsks([0], [0, 1, 2])).toEqual([1, 2]);
    expect(newAsks([0, 1, 2], [0, 2])).toEqual([]);
  });

  test("without helpers: each change of seat is an ask; pick up to first lead is one", () => {
    const game = scriptedGame();
    const person = scripted(
      [...BIDDING, ...DECLARING_AND_LEAD, ...FORCED_FOLLOWS, [FOREHAND, is("concede")]],
      LIMITS,
    );
    const played = playDeal(game, WITHOUT_HELPERS, person);
    expect(person.left()).toBe(0);
    expect(asRoles(game, played.asks)).toEqual([
      [MIDDLEHAND, "bidding"],
      [FOREHAND, "bidding"],
      [MIDDLEHAND, "bidding"],
      [REARHAND, "bidding"],
      [FOREHAND, "declaring"], // pick up, discard, declare and lead the first card
      [MIDDLEHAND, "play"],
      [REARHAND, "play"],
      [FOREHAND, "play"], // won the trick; the others moved in between, so asked again
    ]);
    expect(played.decisions).toBe(11);
    expect(played.automatic).toBe(0);
  });

  test("with helpers: bids under the limits and both forced follows are the server's", () => {
    const game = scriptedGame();
    const person = scripted([...DECLARING_AND_LEAD, [FOREHAND, is("concede")]], LIMITS);
    const played = playDeal(game, WITH_HELPERS, person);
    expect(person.left()).toBe(0);
    // Nobody else was waited on between the lead and the concession: one ask for all five moves.
    expect(asRoles(game, played.asks)).toEqual([[FOREHAND, "declaring"]]);
    expect(played.decisions).toBe(5);
    expect(played.automatic).toBe(6);
  });

  test("a claim asks each defender, while the declarer stays waited on", () => {
    const claimAndAnswers: Step[] = [
      [FOREHAND, is("claim")],
      [MIDDLEHAND, is("acceptClaim")],
      [REARHAND, is("acceptClaim")],
    ];
    const game = scriptedGame();
    const person = scripted([...DECLARING_AND_LEAD, ...claimAndAnswers], LIMITS);
    const played = playDeal(game, WITH_HELPERS, person);
    expect(person.left()).toBe(0);
    expect(asRoles(game, played.asks)).toEqual([
      [FOREHAND, "declaring"],
      [MIDDLEHAND, "play"],
      [REARHAND, "play"],
    ]);
  });
});

describe("the bot as a person with a bid limit", () => {
  test("bidUnderLimit with biddingLimit bids every decision exactly as the bot does", () => {
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      let state = dealGame(i);
      // The limits as scripts/handoffs.ts sets them, from each seat's view of its dealt hand.
      const person = botPerson(`handoffs:${i}`);
      const limits = [0, 1, 2].map((seat) => person.bidLimit(state, seat));
      while (state.deal?.phase === "bidding") {
        const seat = seatToAct(state) as Seat;
        const action = chooseAction(state, seat, `handoffs:${i}`);
        const limit = limits[seat] as number;
        const server = bidUnderLimit(legalActions(state, seat), state.deal.bid, limit);
        expect(server).toEqual(action);
        checked++;
        const applied = apply(state, seat, action);
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.value.state;
      }
    }
    expect(checked).toBeGreaterThan(900);
  });
});

describe("over many deals", () => {
  test("the helpers cut the asks; the bidding needs nobody", { timeout: 60_000 }, () => {
    const deals = 300;
    const without = measureHandoffs(deals, WITHOUT_HELPERS);
    const withHelpers = measureHandoffs(deals, WITH_HELPERS);
    const bidLimitOnly = measureHandoffs(deals, { bidLimit: true, forcedCard: false });
    const forcedCardOnly = measureHandoffs(deals, { bidLimit: false, forcedCard: true });
    expect(without.byPhase.bidding).toBeGreaterThan(3);
    expect(withHelpers.byPhase.bidding).toBe(0);
    expect(withHelpers.byPhase.play).toBeLessThan(without.byPhase.play);
    expect(withHelpers.perDeal).toBeLessThan(0.8 * without.perDeal);
    expect(bidLimitOnly.perDeal).toBeLessThan(without.perDeal);
    expect(forcedCardOnly.perDeal).toBeLessThan(without.perDeal);
    expect(withHelpers.perDeal).toBeLessThan(
      Math.min(bidLimitOnly.perDeal, forcedCardOnly.perDeal),
    );
    // Every deal asks somebody (at least the first bidder without helpers), never more often
    // than the people move.
    expect(without.perDeal).toBeLessThanOrEqual(without.decisionsPerDeal);
    expect(withHelpers.perDeal).toBeGreaterThan(0);
  });
});
