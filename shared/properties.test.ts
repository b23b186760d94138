/**
 * Property tests: random deals, random legal action sequences and random junk actions, at 3- and
 * 4-player tables, checked against invariants that hold whatever the cards. Seeded, so a failure
 * reproduces; fast-check prints the seed and the shrunk counterexample.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BID_VALUES } from "./bidding";
import { toHex } from "./bytes";
import {
  type Card,
  type CardMask,
  cardCode,
  cardCodes,
  countCards,
  hand,
  maskOf,
  pointsOf,
} from "./cards";
import {
  ACTION_TYPES,
  type Action,
  type Applied,
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
import { BASE_VALUES, GAME_NAMES, gameKindOf, NULL } from "./games";
import { Rng } from "./rng";
import { type Declaration, nullValue, scoreGame } from "./scoring";
import { viewFor } from "./view";

// Every rule error code the engine may answer with; a new code must be added here on purpose.
const KNOWN_CODES = new Set([
  "ERR_BAD_ACTION",
  "ERR_UNKNOWN_ACTION",
  "ERR_BAD_CARD",
  "ERR_GAME_OVER",
  "ERR_NOT_IN_DEAL",
  "ERR_NOT_YOUR_TURN",
  "ERR_WRONG_PHASE",
  "ERR_NOT_A_BID_VALUE",
  "ERR_BID_TOO_LOW",
  "ERR_BID_TOO_HIGH",
  "ERR_MUST_ANSWER",
  "ERR_CARD_NOT_IN_HAND",
  "ERR_MUST_FOLLOW_SUIT",
  "ERR_BAD_DISCARD",
  "ERR_ILLEGAL_DECLARATION",
  "ERR_NULL_BELOW_BID",
  "ERR_NOT_DECLARER",
  "ERR_NOT_DEFENDER",
  "ERR_NO_CLAIM",
  "ERR_CLAIM_PENDING",
  "ERR_ALREADY_CONCEDED",
]);
const NULL_VALUES = [23, 35, 46, 59];
const ALL_CODES = Array.from({ length: 32 }, (_, card) => cardCode(card));
const NO_ARGUMENT_ACTIONS: readonly Action[] = (
  ["hold", "pass", "pickUp", "concede", "claim", "acceptClaim", "rejectClaim"] as const
).map((type) => ({ type }));

/** Every bid value and a few near misses. */
const ALL_BIDS: Action[] = [...BID_VALUES, 0, 17, 19, 265].map((value) => ({ type: "bid", value }));
/** Every game with every combination of the four flags (96 declarations). */
const ALL_DECLARATIONS: Action[] = GAME_NAMES.flatMap((game) =>
  Array.from({ length: 16 }, (_, bits) => ({
    type: "declare" as const,
    game,
    hand: (bits & 1) !== 0,
    schneider: (bits & 2) !== 0,
    schwarz: (bits & 4) !== 0,
    ouvert: (bits & 8) !== 0,
  })),
);
/** Every ordered pair of card codes, the same card twice included (1024 discards). */
const ALL_DISCARDS: Action[] = ALL_CODES.flatMap((first) =>
  ALL_CODES.map((second) => ({
    type: "discard" as const,
    cards: [first, second] as [string, string],
  })),
);

// ---------------------------------------------------------------------------------------------
// Helpers

/** A cheap assertion for hot loops (vitest's expect costs more than the engine calls it checks). */
function is(actual: unknown, expected: unknown, what: string): void {
  const same =
    typeof expected === "object" && expected !== null
      ? JSON.stringify(actual) === JSON.stringify(expected)
      : Object.is(actual, expected);
  if (!same)
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function holds(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * What an action means, as a key: two actions mean the same iff their keys are equal. A
 * discard names an unordered pair, and a declaration is read with the flags the rules imply
 * (DESIGN.md, Actions: "flags that the rules imply are implied"; a flag left out is false).
 * Null for a value that is no action at all.
 */
function meaning(candidate: unknown): string | null {
  if (typeof candidate !== "object" || candidate === null || Array.isArray(candidate)) return null;
  const action = candidate as Record<string, unknown>;
  const keys = Object.keys(action).sort();
  if (action.type === "discard") {
    const cards = action.cards;
    if (keys.join() !== "cards,type" || !Array.isArray(cards) || cards.length !== 2) return null;
    if (!cards.every((card) => typeof card === "string")) return null;
    return `discard ${[...cards].sort().join(" ")}`;
  }
  if (action.type === "declare") {
    const allowed = ["type", "game", "hand", "schneider", "schwarz", "ouvert"];
    if (!keys.every((key) => allowed.includes(key)) || typeof action.game !== "string") return null;
    const flags = ["hand", "schneider", "schwarz", "ouvert"].map((flag) => action[flag]);
    if (!flags.every((flag) => flag === undefined || typeof flag === "boolean")) return null;
    let [handFlag, schneider, schwarz, ouvert] = flags.map((flag) => flag === true) as boolean[];
    if (action.game !== "null") {
      schwarz = schwarz || ouvert;
      handFlag = handFlag || ouvert;
      schneider = schneider || schwarz;
    }
    return `declare ${action.game} ${[handFlag, schneider, schwarz, ouvert].join()}`;
  }
  return JSON.stringify(keys.map((key) => [key, action[key]]));
}

const listedMeanings = new WeakMap<GameState, Map<number, Set<string | null>>>();

function isListed(state: GameState, seat: unknown, action: unknown): boolean {
  if (typeof seat !== "number") return false;
  let bySeat = listedMeanings.get(state);
  if (!bySeat) {
    bySeat = new Map();
    listedMeanings.set(state, bySeat);
  }
  let meanings = bySeat.get(seat);
  if (!meanings) {
    meanings = new Set(legalActions(state, seat).map(meaning));
    bySeat.set(seat, meanings);
  }
  const key = meaning(action);
  return key !== null && meanings.has(key);
}

/**
 * The engine rejects the action with a known code and no new state. Every state in the walk is
 * deep-frozen, so an engine that mutated its input would throw; `compare` also checks the JSON.
 */
function expectRejected(state: GameState, seat: unknown, action: unknown, compare = false): string {
  const before = compare ? JSON.stringify(state) : "";
  const result = apply(state, seat as Seat, action as Action);
  if (result.ok) {
    throw new Error(`accepted an unlisted action: seat ${String(seat)} ${JSON.stringify(action)}`);
  }
  holds(KNOWN_CODES.has(result.error.code), `unknown error code ${result.error.code}`);
  holds(typeof result.error.message === "string", "an error has a message");
  is(Object.keys(result), ["ok", "error"], "a rejection carries no state");
  if (compare) is(JSON.stringify(state), before, "a rejected action leaves the state as it was");
  return result.error.code;
}

function expectAccepted(state: GameState, seat: Seat, action: Action): Applied {
  const result = apply(state, seat, action);
  if (!result.ok) {
    throw new Error(
      `rejected a listed action: seat ${seat} ${JSON.stringify(action)}: ${result.error.code}`,
    );
  }
  return result.value;
}

/** Points in the completed tricks won by the defenders. */
function defenderTrickPoints(deal: DealState): number {
  let points = 0;
  deal.trickWinners.forEach((winner, index) => {
    if (winner !== deal.declarer)
      points += pointsOf(maskOf(deal.played.slice(index * 3, index * 3 + 3)));
  });
  return points;
}

function declarerTrickPoints(deal: DealState): number {
  let points = 0;
  deal.trickWinners.forEach((winner, index) => {
    if (winner === deal.declarer)
      points += pointsOf(maskOf(deal.played.slice(index * 3, index * 3 + 3)));
  });
  return points;
}

/** Every card exactly once across the hands, the skat and the played cards (current trick included). */
function checkCards(deal: DealState): void {
  const parts: CardMask[] = [
    deal.hands[0],
    deal.hands[1],
    deal.hands[2],
    deal.skat,
    maskOf(deal.played),
  ];
  const total = parts.reduce((sum, mask) => sum + countCards(mask), 0);
  is(new Set(deal.played).size, deal.played.length, "no card played twice");
  is(total, 32, "cards in hands, skat and played");
  is(
    parts.reduce((all, mask) => all | mask, 0),
    -1,
    "every card somewhere",
  );
  // the current trick is the tail of the played cards
  is(deal.trick, deal.played.slice(deal.trickWinners.length * 3), "the current trick");
  holds(deal.trick.length < 3, "a trick has at most two cards waiting");
}

/** 120 card points: the declarer's (skat included), the defenders' tricks, the cards still out. */
function checkPoints(deal: DealState): void {
  if (deal.phase !== "play") return;
  const out = pointsOf(deal.hands[0] | deal.hands[1] | deal.hands[2] | maskOf(deal.trick));
  is(
    deal.declarerPoints + defenderTrickPoints(deal) + out,
    120,
    "declarer + defenders + cards out",
  );
  is(
    deal.declarerPoints,
    pointsOf(deal.skat) + declarerTrickPoints(deal),
    "declarer points = skat + tricks",
  );
  is(
    deal.declarerTricks,
    deal.trickWinners.filter((winner) => winner === deal.declarer).length,
    "declarer tricks",
  );
}

/** The cards a viewer must not see: other hands (but an open declarer's), and the skat unless picked up by this viewer. */
function hiddenFrom(deal: DealState, viewer: Seat | null): CardMask {
  const role = viewer === null ? -1 : roleOf(deal, viewer);
  let hidden = 0;
  for (let other = 0 as Role; other < 3; other = (other + 1) as Role) {
    if (other === role) continue;
    if (deal.declarerOpen && other === deal.declarer) continue;
    hidden |= deal.hands[other];
  }
  const seesSkat = role !== -1 && role === deal.declarer && deal.pickedUp;
  if (!seesSkat) hidden |= deal.skat;
  return hidden;
}

function checkViews(state: GameState): void {
  const deal = state.deal;
  const viewers: (Seat | null)[] = [
    ...Array.from({ length: state.players }, (_, seat) => seat),
    null,
  ];
  for (const viewer of viewers) {
    const { previous, ...view } = viewFor(state, viewer);
    const json = JSON.stringify(view);
    if (deal) {
      const shown = hand(
        (json.match(/"[CSHD][789TJQKA]"/g) ?? []).map((code) => code.slice(1, 3)).join(" "),
      );
      const leaked = shown & hiddenFrom(deal, viewer);
      if (leaked !== 0) {
        throw new Error(
          `view of ${String(viewer)} in phase ${deal.phase} shows ${cardCodes(leaked)}: ${json}`,
        );
      }
      const role = viewer === null ? -1 : roleOf(deal, viewer);
      is(view.hand, role === -1 ? [] : cardCodes(deal.hands[role]), "own hand in the view");
      is(
        view.handCounts.reduce((sum, count) => sum + count, 0),
        countCards(deal.hands[0] | deal.hands[1] | deal.hands[2]),
        "hand counts",
      );
    }
    if (previous) {
      // a finished deal is public: all 32 cards as dealt
      is(
        new Set([...previous.dealt.flat(), ...previous.skat]).size,
        32,
        "the previous deal revealed",
      );
    }
  }
}

function checkDealEnd(before: GameState, after: GameState, events: Applied["events"]): void {
  const deal = after.previous as DealState;
  const entry = after.sheet[after.sheet.length - 1];
  if (!entry) throw new Error("no sheet entry for a finished deal");
  expect(after.sheet).toHaveLength(before.sheet.length + 1);
  expect(entry.deal).toBe(before.dealNumber);
  expect(entry.dealer).toBe(deal.dealer);
  expect(events.filter((event) => event.type === "dealEnded")).toHaveLength(1);
  if (after.deal) expect(after.deal.dealer).toBe((deal.dealer + 1) % after.players);
  else expect(after.finished).toBe(true);
  checkCards(deal);

  const result = deal.result;
  if (!result) {
    expect(entry).toMatchObject({ passedIn: true, declarer: null, score: 0, value: 0 });
    expect(entry.seegerFabian).toEqual(new Array(after.players).fill(0));
    expect(deal.declarer).toBe(-1);
    return;
  }
  const declaration = deal.declaration as Declaration;
  const declarerSeat = deal.roles[deal.declarer as Role];
  // values are multiples of the declared game's base value, or a null value
  if (declaration.kind === NULL) {
    expect(NULL_VALUES).toContain(result.value);
    expect(result.overbid).toBe(false);
  } else {
    const base = BASE_VALUES[declaration.kind] as number;
    expect(result.value % base).toBe(0);
    const multiple = result.value / base;
    expect(multiple).toBeGreaterThanOrEqual(2);
    const maxMultiplier = declaration.kind === 4 ? 11 : 18;
    if (multiple > maxMultiplier) {
      // beyond every game of this kind only as the overbid charge
      expect(result.overbid).toBe(true);
    }
    if (result.overbid) expect(result.value).toBe(Math.ceil(deal.bid / base) * base);
  }
  if (result.won) {
    expect(result.score).toBe(result.value);
    expect(result.value).toBeGreaterThanOrEqual(deal.bid);
    expect(result.overbid).toBe(false);
  } else {
    expect(result.score).toBe(-2 * result.value);
    // RULES §13.3: every lost score is even and at most -36
    expect(result.score).toBeLessThanOrEqual(-36);
  }
  // the declarer's points and tricks add up with the defenders'
  const defenders = defenderTrickPoints(deal);
  if (result.end === "played" || result.end === "defendersConceded") {
    if (!(result.end === "defendersConceded" && declaration.kind === NULL)) {
      expect(result.declarerPoints + defenders).toBe(120);
    }
  }
  if (result.end === "played") {
    expect(deal.trickWinners).toHaveLength(10);
    expect(result.declarerTricks).toBe(deal.trickWinners.filter((w) => w === deal.declarer).length);
  }
  if (result.end === "nullTrick")
    expect(deal.trickWinners[deal.trickWinners.length - 1]).toBe(deal.declarer);
  if (result.end === "schwarzMissed") {
    expect(declaration.schwarz).toBe(true);
    expect(deal.trickWinners[deal.trickWinners.length - 1]).not.toBe(deal.declarer);
  }
  // the sheet entry agrees with the result
  expect(entry).toMatchObject({
    passedIn: false,
    declarer: declarerSeat,
    game: GAME_NAMES[declaration.kind],
    hand: declaration.hand,
    schneider: declaration.schneider,
    schwarz: declaration.schwarz,
    ouvert: declaration.ouvert,
    bid: deal.bid,
    won: result.won,
    value: result.value,
    score: result.score,
  });
  const defenderBonus = result.won ? 0 : after.players === 3 ? 40 : 30;
  entry.seegerFabian.forEach((points, seat) => {
    expect(points).toBe(
      seat === declarerSeat ? result.score + (result.won ? 50 : -50) : defenderBonus,
    );
  });
}

/** Every listed action is accepted; of the no-argument actions and (in play) the 32 cards, nothing else is. */
function checkLegalExactly(state: GameState, rng: Rng): void {
  for (let seat = 0; seat < state.players; seat++) {
    const listed = legalActions(state, seat);
    // callers get frozen actions in a list that is frozen or their own (legalActions' contract)
    holds(
      Object.isFrozen(listed) || legalActions(state, seat) !== listed,
      `legalActions hands out a shared, mutable list in phase ${state.deal?.phase}`,
    );
    holds(
      listed.every((action) => Object.isFrozen(action)),
      "every listed action is frozen",
    );
    const sample =
      listed.length <= 12
        ? listed
        : Array.from({ length: 6 }, () => listed[rng.nextInt(listed.length)] as Action);
    for (const action of sample) expectAccepted(state, seat, action);
    for (const action of NO_ARGUMENT_ACTIONS) {
      if (isListed(state, seat, action)) expectAccepted(state, seat, action);
      else expectRejected(state, seat, action);
    }
    const phase = state.deal?.phase;
    const candidates: Action[] =
      phase === "bidding"
        ? ALL_BIDS
        : phase === "skat" || phase === "declare"
          ? ALL_DECLARATIONS
          : phase === "discard" && seatToAct(state) === seat
            ? ALL_DISCARDS
            : [];
    for (const action of candidates) {
      if (isListed(state, seat, action)) expectAccepted(state, seat, action);
      else expectRejected(state, seat, action);
    }
    if (state.deal?.phase === "play" && seatToAct(state) === seat) {
      for (const code of ALL_CODES) {
        const action: Action = { type: "play", card: code };
        if (isListed(state, seat, action)) expectAccepted(state, seat, action);
        else expectRejected(state, seat, action);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// A random player: mostly sensible choices so that games get played, with some wild ones

function chooseMove(state: GameState, rng: Rng): { seat: Seat; action: Action } {
  const deal = state.deal as DealState;
  const seat = seatToAct(state);
  if (seat === null) throw new Error("nobody to act in an unfinished series");
  const legal = legalActions(state, seat);
  holds(legal.length > 0, "the seat to act has a legal action");
  const pick = <T>(list: readonly T[]): T => list[rng.nextInt(list.length)] as T;
  const roll = rng.nextInt(100);
  if (deal.phase === "play") {
    if (roll < 4) {
      const options: { seat: Seat; action: Action }[] = [];
      for (let other = 0; other < state.players; other++) {
        for (const action of legalActions(state, other))
          if (action.type !== "play") options.push({ seat: other, action });
      }
      if (options.length > 0) return pick(options);
    }
    return { seat, action: pick(legal.filter((action) => action.type === "play")) };
  }
  if (roll < 10) return { seat, action: pick(legal) };
  if (deal.phase === "bidding") {
    const pass = legal.find((action) => action.type === "pass") as Action;
    const hold = legal.find((action) => action.type === "hold");
    if (hold) return { seat, action: roll < 65 ? hold : pass };
    if (roll < 45 || legal.length === 1) return { seat, action: pass };
    return { seat, action: pick(legal.slice(0, Math.min(4, legal.length - 1))) };
  }
  if (deal.phase === "skat" && roll < 60) return { seat, action: legal[0] as Action };
  return { seat, action: pick(legal) };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const cardCodeArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ALL_CODES) },
  { weight: 1, arbitrary: fc.constantFrom("XX", "cj", "", "C10", "JC", "DA ") },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
);
const flagArb = fc.oneof(
  { weight: 6, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, 0, 1, "true", null) },
);
const wellShapedArb = fc.oneof(
  fc.record({
    type: fc.constant("bid"),
    value: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...BID_VALUES) },
      { weight: 1, arbitrary: fc.integer({ min: -5, max: 300 }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(18.5, "18", null, Number.NaN, true) },
    ),
  }),
  fc.constantFrom(...NO_ARGUMENT_ACTIONS),
  fc.record({ type: fc.constant("discard"), cards: fc.array(cardCodeArb, { maxLength: 3 }) }),
  fc.record({
    type: fc.constant("declare"),
    game: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...GAME_NAMES) },
      { weight: 1, arbitrary: fc.constantFrom("ramsch", "Grand", "", "kreuz") },
    ),
    hand: flagArb,
    schneider: flagArb,
    schwarz: flagArb,
    ouvert: flagArb,
  }),
  fc.record({ type: fc.constant("play"), card: cardCodeArb }),
);
const looseArb = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom(...ACTION_TYPES),
      fc.constantFrom("Bid", "play ", "", "ramsch", "toString"),
    ),
    value: fc.anything(),
    card: cardCodeArb,
    cards: fc.array(cardCodeArb, { maxLength: 3 }),
    game: fc.constantFrom(...GAME_NAMES),
    hand: flagArb,
    extra: fc.anything(),
  },
  { requiredKeys: ["type"] },
);
const actionArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: wellShapedArb },
  { weight: 2, arbitrary: looseArb },
  { weight: 1, arbitrary: fc.anything() },
);
/** Who sends the junk: the seat to act, the declarer, any seat number, or no seat at all. */
type SeatPick = "toAct" | "declarer" | number;
const seatPickArb: fc.Arbitrary<SeatPick> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<SeatPick>("toAct") },
  { weight: 1, arbitrary: fc.constant<SeatPick>("declarer") },
  { weight: 2, arbitrary: fc.integer({ min: -1, max: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom<SeatPick>(0.5, Number.NaN) },
);
const junkArb = fc.array(fc.tuple(seatPickArb, actionArb), { minLength: 10, maxLength: 40 });
const deckArb = fc.shuffledSubarray(
  Array.from({ length: 32 }, (_, card) => card),
  { minLength: 32, maxLength: 32 },
);
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);

function resolveSeat(state: GameState, pick: SeatPick): unknown {
  if (pick === "toAct") return seatToAct(state);
  if (pick === "declarer") {
    const deal = state.deal;
    return deal && deal.declarer !== -1 ? deal.roles[deal.declarer] : 0;
  }
  return pick;
}

// ---------------------------------------------------------------------------------------------
// The walk

interface WalkOptions {
  checkViews: boolean;
  checkLegal: boolean;
  junk: readonly [SeatPick, unknown][];
}

/** Plays a whole series with the random player, checking the invariants before every move. */
function walk(start: GameState, rng: Rng, options: WalkOptions): GameState {
  let state = deepFreeze(start);
  let junkIndex = 0;
  for (let step = 0; !state.finished; step++) {
    if (step > 2000) throw new Error("the series does not end");
    const deal = state.deal as DealState;
    checkCards(deal);
    checkPoints(deal);
    if (options.checkViews) checkViews(state);
    if (options.checkLegal) checkLegalExactly(state, rng);
    for (let tries = 0; tries < 2 && options.junk.length > 0; tries++) {
      const [pick, action] = options.junk[junkIndex++ % options.junk.length] as [SeatPick, unknown];
      const seat = resolveSeat(state, pick);
      if (isListed(state, seat, action)) expectAccepted(state, seat as Seat, action as Action);
      else expectRejected(state, seat, action, true);
    }
    const { seat, action } = chooseMove(state, rng);
    const applied = expectAccepted(state, seat, action);
    if (applied.state.sheet.length !== state.sheet.length)
      checkDealEnd(state, applied.state, applied.events);
    state = deepFreeze(applied.state);
  }
  if (options.checkViews) checkViews(state);
  is(state.sheet.length, state.deals, "one sheet entry per deal");
  is(seatToAct(state), null, "nobody acts after the series");
  is(expectRejected(state, 0, { type: "pass" }), "ERR_GAME_OVER", "a move after the series");
  return state;
}

function created(config: Parameters<typeof newGame>[0]): GameState {
  const result = newGame(config);
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

// ---------------------------------------------------------------------------------------------

// About a second each on an idle machine; the margin is for a machine busy with other work.
const PROPERTY_TIMEOUT = 30_000;

describe("random series through the public API", () => {
  it.each([
    [3, 60],
    [4, 50],
  ])(
    "at a %i-table (%i runs): cards, points, legal actions, junk actions, views and sheet hold up",
    (players, numRuns) => {
      fc.assert(
        fc.property(
          fc.array(deckArb, { minLength: 2, maxLength: 2 }),
          fc.integer(),
          fc.nat(players - 1),
          junkArb,
          (decks, walkSeed, firstDealer, junk) => {
            const state = created({ players: players as 3 | 4, deals: 2, firstDealer, decks });
            walk(state, Rng.fromSeed(walkSeed), { checkViews: true, checkLegal: true, junk });
          },
        ),
        { numRuns, seed: 0x5eed + players },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it.each([
    [3, 700],
    [4, 500],
  ])(
    "at a %i-table (%i runs of seeded deals): cards, points and every deal's result and sheet entry",
    (players, numRuns) => {
      fc.assert(
        fc.property(
          fc.array(seedArb, { minLength: 2, maxLength: 2 }),
          fc.integer(),
          (seeds, walkSeed) => {
            const state = created({ players: players as 3 | 4, deals: 2, seeds });
            walk(state, Rng.fromSeed(walkSeed), { checkViews: false, checkLegal: false, junk: [] });
          },
        ),
        { numRuns, seed: 0xdea1 + players },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe("scoreGame over random declarations, bids and outcomes", () => {
  const declarationArb = fc
    .record({
      game: fc.constantFrom(...GAME_NAMES),
      hand: fc.boolean(),
      schneider: fc.boolean(),
      schwarz: fc.boolean(),
      ouvert: fc.boolean(),
    })
    .map(({ game, ...flags }) => ({ kind: gameKindOf(game) as Declaration["kind"], ...flags }));
  const outcomeArb = fc
    .record({
      tricks: fc.integer({ min: 0, max: 10 }),
      points: fc.integer({ min: 0, max: 120 }),
      conceded: fc.boolean(),
    })
    .filter(
      ({ tricks, points }) =>
        (tricks === 0 ? points <= 22 : true) && (tricks === 10 ? points >= 98 : true),
    );

  // A null below the bid never reaches scoring: the engine rejects its declaration (decisions table).
  const declaredAtArb = fc
    .tuple(declarationArb, fc.constantFrom(...BID_VALUES))
    .filter(
      ([declaration, bid]) =>
        declaration.kind !== NULL || nullValue(declaration.hand, declaration.ouvert) >= bid,
    );

  it("values are multiples of the base (or a null value); won values reach the bid; lost scores are -2 x value", () => {
    fc.assert(
      fc.property(declaredAtArb, deckArb, outcomeArb, ([declaration, bid], deck, outcome) => {
        const twelveCards = maskOf(deck.slice(0, 12) as Card[]);
        const result = scoreGame(declaration, bid, twelveCards, {
          declarerPoints: outcome.points,
          declarerTricks: outcome.tricks,
          tricksPlayed: 10,
          conceded: outcome.conceded,
        });
        if (declaration.kind === NULL) {
          expect(NULL_VALUES).toContain(result.value);
        } else {
          const base = BASE_VALUES[declaration.kind] as number;
          expect(result.value % base).toBe(0);
          expect(result.value).toBeGreaterThanOrEqual(2 * base);
          expect(Math.abs(result.matadors)).toBeGreaterThanOrEqual(1);
          expect(Math.abs(result.matadors)).toBeLessThanOrEqual(declaration.kind === 4 ? 4 : 11);
        }
        if (result.won) {
          expect(result.value).toBeGreaterThanOrEqual(bid);
          expect(result.score).toBe(result.value);
          expect(outcome.conceded).toBe(false);
        } else {
          expect(result.score).toBe(-2 * result.value);
          expect(result.score).toBeLessThanOrEqual(-36);
        }
        if (result.overbid) {
          expect(result.won).toBe(false);
          const base = BASE_VALUES[declaration.kind] as number;
          expect(result.value).toBe(Math.ceil(bid / base) * base);
        }
      }),
      { numRuns: 1500, seed: 0x5c0e },
    );
  });
});
