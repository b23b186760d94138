import { describe, expect, it } from "vitest";

/** Whole-series tests: generous, since a loaded machine can make them several times slower. */
const HEAVY_TEST_TIMEOUT = 120_000;

import { biddingLimit, chooseAction, gameFeatures, gameLogit, MODEL_WEIGHTS } from "./bot";
import { type Card, cards, hand } from "./cards";
import {
  type Action,
  apply,
  type DealState,
  type GameState,
  legalActions,
  newGame,
  type Role,
  roleOf,
  type Seat,
  seatToAct,
} from "./engine";
import { GAME_NAMES, type GameKind, GRAND, NULL } from "./games";
import { Rng } from "./rng";
import { viewFor } from "./view";

// ---------------------------------------------------------------------------------------------
// Helpers: decks on card notation, scripted deals

/** A deck (forehand 0-9, middlehand 10-19, rearhand 20-29, skat 30-31); unnamed cards fill the gaps in order. */
function deckOf(parts: {
  forehand?: string;
  middlehand?: string;
  rearhand?: string;
  skat?: string;
}): Card[] {
  const named = [parts.forehand, parts.middlehand, parts.rearhand, parts.skat].map((p) =>
    cards(p ?? ""),
  );
  const used = new Set(named.flat());
  const rest = Array.from({ length: 32 }, (_, c) => c).filter((c) => !used.has(c));
  const sizes = [10, 10, 10, 2];
  const deck: Card[] = [];
  named.forEach((group, i) => {
    const filled = [...group];
    while (filled.length < (sizes[i] as number)) filled.push(rest.shift() as Card);
    if (filled.length !== sizes[i]) throw new Error("too many cards in a hand");
    deck.push(...filled);
  });
  return deck;
}

/** Dealer seat 0: forehand is seat 1, middlehand seat 2, rearhand seat 0. */
const SEAT = { forehand: 1, middlehand: 2, rearhand: 0 } as const;

function start(deck: Card[]): GameState {
  const created = newGame({ players: 3, deals: 3, firstDealer: 0, decks: [deck, deck, deck] });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function act(state: GameState, seat: Seat, action: Action): GameState {
  const result = apply(state, seat, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} by ${seat}: ${result.error.message}`);
  return result.value.state;
}

function play(state: GameState, codes: string): GameState {
  let current = state;
  for (const code of codes.split(/\s+/).filter(Boolean)) {
    current = act(current, seatToAct(current) as Seat, { type: "play", card: code });
  }
  return current;
}

const PASS: Action = { type: "pass" };

/** `role` becomes declarer at 18 and declares `game` as a hand game; forehand to lead. */
function handGame(
  deck: Card[],
  role: Role,
  game: (typeof GAME_NAMES)[number],
  ouvert = false,
): GameState {
  let state = start(deck);
  const bid: Action = { type: "bid", value: 18 };
  const order: [Seat, Action][] =
    role === 0
      ? [
          [SEAT.middlehand, PASS],
          [SEAT.rearhand, PASS],
          [SEAT.forehand, bid],
        ]
      : role === 1
        ? [
            [SEAT.middlehand, bid],
            [SEAT.forehand, PASS],
            [SEAT.rearhand, PASS],
          ]
        : [
            [SEAT.middlehand, PASS],
            [SEAT.rearhand, bid],
            [SEAT.forehand, PASS],
          ];
  for (const [seat, action] of order) state = act(state, seat, action);
  const declarer = [SEAT.forehand, SEAT.middlehand, SEAT.rearhand][role] as Seat;
  return act(state, declarer, {
    type: "declare",
    game,
    hand: true,
    schneider: ouvert && game !== "null",
    schwarz: ouvert && game !== "null",
    ouvert,
  });
}

function decide(state: GameState, seat: Seat, seed: string | number = 1): Action {
  return chooseAction(state, seat, seed);
}

function played(state: GameState, seat: Seat, seed: string | number = 1): string {
  const action = decide(state, seat, seed);
  if (action.type !== "play") throw new Error(`expected a card, got ${JSON.stringify(action)}`);
  return action.card;
}

function isLegal(state: GameState, seat: Seat, action: Action): boolean {
  return legalActions(state, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
}

// ---------------------------------------------------------------------------------------------
// Random states

/**
 * Random walks through series: every seat's legal actions, concessions and claims included (but
 * rarely), 3- and 4-player tables. Yields each state with the seats that have a decision.
 */
function* randomStates(walks: number, seed: number): Generator<[GameState, Seat[]]> {
  const rng = Rng.fromSeed(seed);
  for (let walk = 0; walk < walks; walk++) {
    const players = rng.nextInt(2) === 0 ? 3 : 4;
    const deals = players;
    const decks = Array.from({ length: deals }, () => {
      const deck = Array.from({ length: 32 }, (_, c) => c);
      for (let i = 31; i > 0; i--) {
        const j = rng.nextInt(i + 1);
        [deck[i], deck[j]] = [deck[j] as Card, deck[i] as Card];
      }
      return deck;
    });
    const created = newGame({ players, deals, firstDealer: rng.nextInt(players), decks });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    while (!state.finished) {
      const deal = state.deal as DealState;
      const toAct = seatToAct(state) as Seat;
      const deciders = [toAct];
      if (deal.claimActive) {
        for (const seat of deal.roles) {
          if (seat !== toAct && legalActions(state, seat).some((a) => a.type === "acceptClaim"))
            deciders.push(seat);
        }
      }
      yield [state, deciders];
      // Advance: mostly ordinary moves, sometimes a claim or its answer, rarely a concession.
      const seat = deciders[rng.nextInt(deciders.length)] as Seat;
      const legal = legalActions(state, seat);
      const ordinary = legal.filter(
        (a) => !["concede", "claim", "acceptClaim", "rejectClaim"].includes(a.type),
      );
      const special = legal.filter((a) => ["claim", "acceptClaim", "rejectClaim"].includes(a.type));
      let action: Action;
      const roll = rng.nextInt(100);
      // Bid low mostly, so that every game (null included) comes up.
      if (ordinary[0]?.type === "bid" && roll < 70)
        action = ordinary[rng.nextInt(2) === 0 ? 0 : ordinary.length - 1] as Action;
      else if (special.length > 0 && roll < 15)
        action = special[rng.nextInt(special.length)] as Action;
      else if (ordinary.length > 0 && roll < 99)
        action = ordinary[rng.nextInt(ordinary.length)] as Action;
      else action = legal[rng.nextInt(legal.length)] as Action;
      state = act(state, seat, action);
    }
  }
}

// ---------------------------------------------------------------------------------------------

describe("bot: legal, deterministic, fair", () => {
  it(
    "always returns a legal action, in every phase, at 3- and 4-tables",
    () => {
      const phases = new Map<string, number>();
      let decisions = 0;
      for (const [state, deciders] of randomStates(120, 11)) {
        for (const seat of deciders) {
          const action = decide(state, seat, decisions);
          expect(legalActions(state, seat)).toContain(action);
          const deal = state.deal as DealState;
          const key = `${state.players}:${deal.phase}${deal.declaration ? `:${GAME_NAMES[deal.declaration.kind]}` : ""}${deal.claimActive ? ":claim" : ""}`;
          phases.set(key, (phases.get(key) ?? 0) + 1);
          decisions++;
        }
      }
      expect(decisions).toBeGreaterThan(5000);
      for (const players of [3, 4]) {
        for (const phase of ["bidding", "skat", "discard", "declare"]) {
          expect(phases.get(`${players}:${phase}`) ?? 0, `${players}:${phase}`).toBeGreaterThan(0);
        }
        for (const game of GAME_NAMES) {
          expect(
            phases.get(`${players}:play:${game}`) ?? 0,
            `${players}:play:${game}`,
          ).toBeGreaterThan(0);
        }
      }
      expect([...phases.keys()].some((key) => key.endsWith(":claim"))).toBe(true);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "always returns a legal action in bot-played deals",
    () => {
      const rng = Rng.fromSeed(5);
      const seeds = Array.from({ length: 24 }, (_, i) => (i + 7).toString(16).padStart(64, "0"));
      for (const players of [3, 4] as const) {
        const created = newGame({ players, deals: 24, seeds });
        if (!created.ok) throw new Error(created.error.message);
        let state = created.value;
        while (!state.finished) {
          const seat = seatToAct(state) as Seat;
          const action = chooseAction(state, seat, rng.nextUint32());
          expect(legalActions(state, seat)).toContain(action);
          state = act(state, seat, action);
        }
        expect(state.sheet.some((entry) => !entry.passedIn)).toBe(true);
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "is deterministic for a seed",
    () => {
      let checked = 0;
      for (const [state, deciders] of randomStates(20, 3)) {
        for (const seat of deciders) {
          const copy = structuredClone(state);
          expect(chooseAction(copy, seat, "seed-x")).toEqual(chooseAction(state, seat, "seed-x"));
          expect(chooseAction(state, seat, 42)).toEqual(chooseAction(state, seat, 42));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "decides the same when only cards it cannot see differ",
    () => {
      const rng = Rng.fromSeed(99);
      let compared = 0;
      let sawDifferentHands = 0;
      for (const [state, deciders] of randomStates(60, 17)) {
        const deal = state.deal as DealState;
        for (const seat of deciders) {
          const me = roleOf(deal, seat) as Role;
          // Pool every card this seat cannot see, deal it out again with the same counts.
          const open = deal.declarerOpen && deal.declarer !== -1 ? deal.declarer : -1;
          const skatVisible = deal.declarer === me && deal.pickedUp;
          const hiddenRoles = ([0, 1, 2] as Role[]).filter((r) => r !== me && r !== open);
          let pool = 0;
          for (const r of hiddenRoles) pool |= deal.hands[r];
          if (!skatVisible) pool |= deal.skat;
          const poolCards = Array.from({ length: 32 }, (_, c) => c).filter((c) => (pool >>> c) & 1);
          for (let i = poolCards.length - 1; i > 0; i--) {
            const j = rng.nextInt(i + 1);
            [poolCards[i], poolCards[j]] = [poolCards[j] as Card, poolCards[i] as Card];
          }
          const hands: DealState["hands"] = [...deal.hands];
          const take = (count: number) => {
            let mask = 0;
            for (let k = 0; k < count; k++) mask |= 1 << (poolCards.shift() as Card);
            return mask;
          };
          for (const r of hiddenRoles) hands[r] = take(countBits(deal.hands[r]));
          const skat = skatVisible ? deal.skat : take(countBits(deal.skat));
          const other: GameState = { ...state, deal: { ...deal, hands, skat } };
          if (hiddenRoles.some((r) => hands[r] !== deal.hands[r])) sawDifferentHands++;
          expect(viewFor(other, seat)).toEqual(viewFor(state, seat));
          expect(chooseAction(other, seat, compared)).toEqual(chooseAction(state, seat, compared));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(1000);
      expect(sawDifferentHands).toBeGreaterThan(500);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it("computes the model's logit from tables exactly as from the spelled-out features", () => {
    const rng = Rng.fromSeed(8);
    for (let i = 0; i < 2000; i++) {
      let mask = 0;
      while (countBits(mask) < 10) mask |= 1 << rng.nextInt(32);
      const kind = rng.nextInt(6) as GameKind;
      const skatPoints = rng.nextInt(22);
      const forehand = rng.nextInt(2) === 0;
      const features = gameFeatures(kind, mask, skatPoints, forehand);
      const weights =
        kind === NULL
          ? MODEL_WEIGHTS.null
          : kind === GRAND
            ? MODEL_WEIGHTS.grand
            : MODEL_WEIGHTS.suit;
      const expected = features.reduce((sum, x, f) => sum + x * (weights[f] as number), 0);
      expect(gameLogit(kind, mask, skatPoints, forehand)).toBeCloseTo(expected, 9);
    }
  });
});

function countBits(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}

// ---------------------------------------------------------------------------------------------
// Decisions on card notation

describe("bot: bidding and game choice", () => {
  const STRONG = "CJ SJ HJ DJ CA CT C9 SA ST HA";

  it.each([
    { hand: STRONG, role: 1 as Role, atLeast: 96, atMost: 264 },
    { hand: STRONG, role: 0 as Role, atLeast: 96, atMost: 264 },
    { hand: "CJ HJ CA CT C9 C8 SA HA H7 D7", role: 1 as Role, atLeast: 24, atMost: 72 },
    { hand: "C7 C8 S9 SQ HK H7 D8 D9 DQ SK", role: 0 as Role, atLeast: 0, atMost: 0 },
    { hand: "DJ C7 C9 S8 SQ HK H9 D8 DQ SK", role: 2 as Role, atLeast: 0, atMost: 0 },
  ])(
    "bids up to the value it expects to win: $hand as role $role",
    ({ hand: notation, role, atLeast, atMost }) => {
      const limit = biddingLimit(hand(notation), role);
      expect(limit).toBeGreaterThanOrEqual(atLeast);
      expect(limit).toBeLessThanOrEqual(atMost);
    },
  );

  it("as forehand after two passes plays at 18 only with a playable hand", () => {
    for (const [forehand, expected] of [
      [STRONG, "bid"],
      ["C7 C8 S9 SQ HK H7 D8 D9 DQ SK", "pass"],
    ] as const) {
      let state = start(deckOf({ forehand }));
      state = act(state, SEAT.middlehand, PASS);
      state = act(state, SEAT.rearhand, PASS);
      expect(decide(state, SEAT.forehand).type).toBe(expected);
    }
  });

  it("holds while the bid is within its limit and passes above it", () => {
    let state = start(deckOf({ forehand: "CJ HJ CA CT C9 C8 SA HA H7 D7" }));
    state = act(state, SEAT.middlehand, { type: "bid", value: 18 });
    expect(decide(state, SEAT.forehand)).toEqual({ type: "hold" });
    let high = start(deckOf({ forehand: "CJ HJ CA CT C9 C8 SA HA H7 D7" }));
    high = act(high, SEAT.middlehand, { type: "bid", value: 96 });
    expect(decide(high, SEAT.forehand)).toEqual({ type: "pass" });
  });

  it("with jacks and clubs, bids and plays grand or clubs", () => {
    let state = start(deckOf({ middlehand: STRONG }));
    const seats: Seat[] = [];
    while ((state.deal as DealState).phase !== "play") {
      const seat = seatToAct(state) as Seat;
      seats.push(seat);
      state = act(state, seat, seat === SEAT.middlehand ? decide(state, seat) : PASS);
    }
    const deal = state.deal as DealState;
    expect(deal.roles[deal.declarer as Role]).toBe(SEAT.middlehand);
    expect(["grand", "clubs"]).toContain(GAME_NAMES[deal.declaration?.kind as GameKind]);
  });

  it("discards no trumps and no sure tricks, puts points away and makes a void", () => {
    let state = start(deckOf({ forehand: "CJ SJ HJ CA CT C9 C8 SA ST HK", skat: "DT D7" }));
    state = act(state, SEAT.middlehand, PASS);
    state = act(state, SEAT.rearhand, PASS);
    state = act(state, SEAT.forehand, { type: "bid", value: 18 });
    state = act(state, SEAT.forehand, { type: "pickUp" });
    const discard = decide(state, SEAT.forehand);
    expect(discard.type).toBe("discard");
    const away = discard.type === "discard" ? discard.cards : [];
    for (const keep of ["CJ", "SJ", "HJ", "CA", "CT", "SA", "ST"]) expect(away).not.toContain(keep);
    expect(away).toContain("DT");
    state = act(state, SEAT.forehand, discard);
    const declaration = decide(state, SEAT.forehand);
    expect(declaration.type === "declare" && ["grand", "clubs"].includes(declaration.game)).toBe(
      true,
    );
  });

  it("never declares a null below the bid, even with a perfect null hand", () => {
    let state = start(deckOf({ middlehand: "C7 C8 C9 S7 S8 S9 H7 H8 D7 D8" }));
    state = act(state, SEAT.middlehand, { type: "bid", value: 60 });
    state = act(state, SEAT.forehand, PASS);
    state = act(state, SEAT.rearhand, PASS);
    for (let step = 0; step < 3 && (state.deal as DealState).phase !== "play"; step++) {
      const action = decide(state, SEAT.middlehand);
      expect(isLegal(state, SEAT.middlehand, action)).toBe(true);
      expect(action.type === "declare" && action.game === "null").toBe(false);
      state = act(state, SEAT.middlehand, action);
    }
  });
});

describe("bot: card play", () => {
  it.each([
    {
      name: "declarer draws trumps from the top",
      deck: { forehand: "CJ SJ CA CT C9 SA ST HA H7 D7" },
      declarer: 0 as Role,
      game: "clubs" as const,
      moves: "",
      expected: ["CJ"],
    },
    {
      name: "declarer cashes his ace once the defenders are out of trumps",
      deck: { forehand: "CJ SJ HJ DJ CA CT CK CQ SA H7", middlehand: "C9 C8", rearhand: "C7 D7" },
      declarer: 0 as Role,
      game: "clubs" as const,
      moves: "CJ C8 C7 SJ C9 D7",
      expected: ["SA"],
    },
    {
      name: "declarer keeps his guarded ten when the ace may come behind him",
      deck: {
        forehand: "H8 C7 C8 C9 CQ D8 D9 DQ DK S7",
        middlehand: "CJ SJ HJ DJ SA ST SK SQ HT H7",
        rearhand: "HA",
      },
      declarer: 1 as Role,
      game: "spades" as const,
      moves: "H8",
      expected: ["H7"],
    },
    {
      name: "defender smears his ten on the partner's ace",
      deck: {
        forehand: "HA HK C7 C8 C9 CQ D8 D9 DQ DK",
        middlehand: "CJ SJ HJ DJ SA ST SK SQ S9 H7",
        rearhand: "HT H8 CA CT CK DA DT D7 S7 S8",
        skat: "H9 HQ",
      },
      declarer: 1 as Role,
      game: "spades" as const,
      moves: "HA H7",
      expected: ["HT"],
    },
    {
      name: "defender void in the suit smears the ten whose ace is out",
      deck: {
        forehand: "HA HK HT H8 H9 HQ C8 C9 CQ D9",
        middlehand: "CJ SJ HJ DJ SA ST SK SQ S9 H7",
        rearhand: "CA CT C7 DT D7 D8 S7 S8 CK DK",
        skat: "DA DQ",
      },
      declarer: 1 as Role,
      game: "spades" as const,
      moves: "HA H7",
      expected: ["DT"],
    },
    {
      name: "defender takes the declarer's trick cheaply with the ace",
      deck: {
        forehand: "CJ SJ HJ DJ SA ST SK SQ S9 H7",
        middlehand: "C7 C8 C9 CQ D8 D9 DQ DK S7 H8",
        rearhand: "HA HK S8 CA CT CK DA DT D7 HQ",
      },
      declarer: 0 as Role,
      game: "spades" as const,
      moves: "CJ S7 S8 H7 H8",
      expected: ["HA"],
    },
    {
      name: "defender keeps the small card that guards his ten",
      deck: {
        forehand: "CJ SJ HJ DJ SA ST SK SQ S9 H7",
        middlehand: "HT H8 C7 C8 C9 CQ D8 D9 DQ DK",
        rearhand: "HA HK S8 S7 CA CT CK DA DT D7",
      },
      declarer: 0 as Role,
      game: "spades" as const,
      moves: "CJ",
      expected: ["C7", "C8", "C9", "D8", "D9"],
    },
    {
      name: "null declarer ducks with his highest card below the trick",
      deck: { middlehand: "S7 S9 SA C7 C9 CJ H7 H8 D7 D9", forehand: "SK" },
      declarer: 1 as Role,
      game: "null" as const,
      moves: "SK",
      expected: ["S9"],
    },
    {
      name: "null defender never overtakes the declarer",
      deck: { forehand: "S8 C7 C9 CJ H7 H8 D7 D9 DK DA", middlehand: "S7 SK" },
      declarer: 0 as Role,
      game: "null" as const,
      moves: "S8",
      expected: ["S7"],
    },
    {
      name: "null defender never leads into the declarer's void",
      deck: {
        rearhand: "C7 C9 CJ S7 S9 D7 D9 DJ DK SA",
        middlehand: "H7 H9 HK HA",
        forehand: "H8",
      },
      declarer: 2 as Role,
      game: "null" as const,
      moves: "H8 HK CJ",
      expected: [
        "C8",
        "CT",
        "CQ",
        "CK",
        "CA",
        "S8",
        "ST",
        "SJ",
        "SQ",
        "SK",
        "D8",
        "DT",
        "DQ",
        "DA",
      ],
    },
  ])("$name", ({ deck, declarer, game, moves, expected }) => {
    const state = play(handGame(deckOf(deck), declarer, game), moves);
    const seat = seatToAct(state) as Seat;
    for (const seed of [1, 2, 3]) expect(expected).toContain(played(state, seat, seed));
  });
});

describe("bot: claims and concessions", () => {
  it("claims a sure sweep as declarer and a defender accepts it", () => {
    const state = handGame(deckOf({ forehand: "CJ SJ HJ DJ CA CT CK SA ST SK" }), 0, "grand");
    expect(decide(state, SEAT.forehand)).toEqual({ type: "claim" });
    const claimed = act(state, SEAT.forehand, { type: "claim" });
    expect(decide(claimed, SEAT.middlehand)).toEqual({ type: "acceptClaim" });
    expect(decide(claimed, SEAT.rearhand)).toEqual({ type: "acceptClaim" });
    // Also in the middle of a trick, when the declarer's card cannot be beaten.
    const midTrick = play(claimed, "CJ");
    expect(seatToAct(midTrick)).toBe(SEAT.middlehand);
    expect(decide(midTrick, SEAT.middlehand)).toEqual({ type: "acceptClaim" });
  });

  it("does not claim an open question, and a defender rejects such a claim", () => {
    const state = handGame(deckOf({ forehand: "CJ SJ HJ DJ CA CT CK SA ST S7" }), 0, "grand");
    expect(decide(state, SEAT.forehand).type).toBe("play");
    const claimed = act(state, SEAT.forehand, { type: "claim" });
    expect(decide(claimed, SEAT.middlehand)).toEqual({ type: "rejectClaim" });
  });

  it("concedes only a loss that playing on cannot change", () => {
    // Grand hand by middlehand; the defenders cash three aces on his tens, then he takes two tricks.
    const deck = deckOf({
      forehand: "CA SA HA DK HJ C7 C8 S7 H7 D7",
      middlehand: "CT ST HT DA CJ SJ C9 S8 H8 D8",
      rearhand: "CK SK HK DT DJ CQ SQ HQ DQ D9",
    });
    const declared = handGame(deck, 1, "grand");
    // Defenders 75, declarer no trick: conceding now would make him schneider and schwarz.
    const early = play(declared, "CA CT CK SA ST SK HA HT HK D7");
    expect(decide(early, SEAT.middlehand).type).toBe("play");
    // Declarer 31 points and two tricks, defenders 75: lost whatever happens, and no worse.
    const late = play(declared, "CA CT CK SA ST SK HA HT HK DK DA DT CJ DJ HJ");
    expect(seatToAct(late)).toBe(SEAT.middlehand);
    expect(decide(late, SEAT.middlehand)).toEqual({ type: "concede" });
  });
});
