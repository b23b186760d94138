/**
 * Turns the scoring cases of test/fixtures/conformance/vectors.json (a copy of the project's
 * shared conformance data) into `skat score` inputs and the values to expect.
 *
 * What is checked, honestly:
 * - Complete cases (the 27 ISS records: 10 dealt cards + original skat, bid, points, tricks):
 *   everything, exactly as given.
 * - jskat / go-skat / pyskat unit tests that list only some declarer cards: their own test hands
 *   held exactly the listed cards (and discards), so the unlisted trumps are absent there. We
 *   complete the 12 cards with NON-trumps, which cannot change the matadors, and so reproduce
 *   the source's computation. For go-skat (10 cards, skat "not included") this means the skat
 *   holds no trump: the source's premise, not something the record proves.
 * - Cases that give only the matadors: a holding with exactly those matadors is built.
 * - Cases without cards or matadors (jskat "won/lost only", nulls): only won/lost and the null's
 *   fixed value are checked; a suit/grand value would depend on unknown matadors and is not.
 * - A bid that is no bid value (go-skat's 51) is raised to the next one (54); the overbid charge
 *   (the multiple of the base value reaching the bid) is the same for both there.
 * - Missing numbers are filled where the score cannot depend on the choice: bid unknown → 18 (no
 *   game is worth less, so no overbid can arise); tricks unknown with 22 < points < 120 → 5 (any
 *   1-9 scores the same: schwarz is impossible); points 120 with tricks unknown → 10 tricks (the
 *   source, jskat, derives schwarz from 120 points; a defender trick of 7-8-9 would break this);
 *   points unknown → 120 with 10 tricks, 0 with 0 tricks, else 61 if the source says won and 60
 *   if lost (neither reaches schneider; every such case's expectation holds for the whole range
 *   31-89 or does not depend on points at all). Each filled value is listed in `assumptions`.
 * - The Seeger-Fabian cases (no game, only a value and won/lost): the engine's seegerFabian is
 *   checked directly, and through the CLI with a constructed game of that value.
 */
import { bidsAbove, isBidValue } from "../../shared/bidding";
import { type Card, cardCode, cardsOf, maskOf, parseCard } from "../../shared/cards";
import {
  BASE_VALUES,
  type GameKind,
  gameKindOf,
  NULL,
  TRUMPS,
  trumpOrder,
} from "../../shared/games";
import { matadors as matadorsOf } from "../../shared/scoring";

export interface Vector {
  source: string;
  source_kind: string;
  description: string;
  declarer_cards: string[] | null;
  declarer_cards_complete: boolean;
  skat: string[] | null;
  discarded: string[] | null;
  game_type: string | null;
  hand: boolean;
  schneider_announced: boolean;
  schwarz_announced: boolean;
  ouvert: boolean;
  bid: number | null;
  declarer_points: number | null;
  declarer_tricks: number | null;
  matadors: number | null;
  expected_game_value: number | null;
  expected_won: boolean | null;
  expected_overbid: boolean | null;
  expected_score: Record<string, unknown> | null;
}

export interface ScoreInput {
  id: string;
  cards: string[];
  game: string;
  hand: boolean;
  schneider_announced: boolean;
  schwarz_announced: boolean;
  ouvert: boolean;
  bid: number;
  declarer_points: number;
  declarer_tricks: number;
  players: 3 | 4;
}

export interface Expected {
  value?: number;
  won?: boolean;
  overbid?: boolean;
  score?: number;
  matadors?: number;
  seegerFabian?: { declarer?: number; others?: number };
}

export interface VectorCase {
  index: number;
  complete: boolean;
  description: string;
  input: ScoreInput;
  expected: Expected;
  assumptions: string[];
}

export interface Conversion {
  cases: VectorCase[];
  /** Vectors with nothing this conversion can check, with the reason. */
  skipped: { index: number; reason: string }[];
}

export function isComplete(vector: Vector): boolean {
  return (
    vector.declarer_cards_complete &&
    vector.declarer_cards?.length === 10 &&
    vector.skat?.length === 2 &&
    vector.declarer_tricks !== null &&
    vector.declarer_points !== null &&
    vector.bid !== null &&
    vector.game_type !== null
  );
}

export function convertVectors(vectors: readonly Vector[]): Conversion {
  const cases: VectorCase[] = [];
  const skipped: Conversion["skipped"] = [];
  vectors.forEach((vector, index) => {
    const converted =
      vector.game_type === null ? seegerFabianCase(vector, index) : gameCase(vector, index);
    if ("reason" in converted) skipped.push({ index, reason: converted.reason });
    else cases.push(converted);
  });
  return { cases, skipped };
}

function expectedOf(vector: Vector): Expected {
  const expected: Expected = {};
  const value = vector.expected_game_value;
  if (value !== null) {
    expected.score = value;
    expected.value = value < 0 ? -value / 2 : value;
    expected.won = value > 0;
  }
  if (vector.expected_won !== null) expected.won = vector.expected_won;
  if (vector.expected_overbid !== null) expected.overbid = vector.expected_overbid;
  if (vector.matadors !== null) expected.matadors = vector.matadors;
  const score = vector.expected_score;
  if (score) {
    if (score.role === "declarer") expected.seegerFabian = { declarer: score.score as number };
    else if (score.role === "defender") expected.seegerFabian = { others: score.score as number };
    else if ("declarer" in score) {
      expected.seegerFabian = {
        declarer: score.declarer as number,
        others: score.each_defender as number,
      };
    }
  }
  return expected;
}

function codes(list: readonly string[] | null): Card[] {
  return (list ?? []).map((code) => {
    const card = parseCard(code);
    if (card === undefined) throw new Error(`vectors.json: bad card ${code}`);
    return card;
  });
}

/** The cards, completed to 12 with cards that are not trumps of `kind` (any card in null). */
function completeWithNonTrumps(kind: GameKind, held: number): string[] | undefined {
  const count = cardsOf(held).length;
  if (count > 12) return undefined;
  const fillers = cardsOf(~held & ~(TRUMPS[kind] as number)).slice(0, 12 - count);
  return cardsOf(held | maskOf(fillers)).map(cardCode);
}

/** Trumps giving exactly `matadors` (+ with, − without) in `kind`. */
function trumpsFor(kind: GameKind, matadors: number): number {
  const order = trumpOrder(kind);
  if (matadors > 0) return maskOf(order.slice(0, matadors));
  return maskOf([order[-matadors] as Card]);
}

function gameCase(vector: Vector, index: number): VectorCase | { reason: string } {
  const kind = gameKindOf(vector.game_type as string);
  if (kind === undefined) return { reason: `unknown game ${vector.game_type}` };
  const expected = expectedOf(vector);
  const assumptions: string[] = [];
  const complete = isComplete(vector);
  let cards: string[] | undefined;
  if (complete) {
    cards = [...(vector.declarer_cards as string[]), ...(vector.skat as string[])];
  } else {
    let held = maskOf([
      ...codes(vector.declarer_cards),
      ...codes(vector.discarded),
      ...codes(vector.skat),
    ]);
    if (held === 0 && vector.matadors !== null && kind !== NULL) {
      held = trumpsFor(kind, vector.matadors);
      assumptions.push(`holding built for matadors ${vector.matadors}`);
    } else if (held === 0 && kind !== NULL) {
      delete expected.value;
      delete expected.score;
      if (expected.won === undefined)
        return { reason: "no cards, no matadors and no won/lost given" };
      assumptions.push("no cards or matadors given: only won/lost is checked");
    } else if (held !== 0) {
      assumptions.push("listed cards completed to 12 with non-trumps");
    }
    cards = completeWithNonTrumps(kind, held);
    if (!cards) return { reason: "more than 12 cards listed" };
  }
  if (kind !== NULL && expected.matadors !== undefined) {
    const got = matadorsOf(kind, maskOf(codes(cards)));
    if (!complete && got !== expected.matadors) {
      // The completion itself must not be what decides the matadors.
      return {
        reason: `the listed cards give matadors ${got}, the source says ${expected.matadors}`,
      };
    }
  }

  let bid = vector.bid;
  if (bid === null) {
    bid = 18;
    assumptions.push("bid unknown: 18");
  } else if (!isBidValue(bid)) {
    // go-skat tests a bid of 51, which nobody can say; 54 is what a player would have had to bid.
    const next = bidsAbove(bid)[0] as number;
    assumptions.push(`bid ${bid} is no bid value: ${next}, the next one`);
    bid = next;
  }
  let tricks = vector.declarer_tricks;
  let points = vector.declarer_points;
  if (
    Object.keys(expected).every((key) => key === "matadors") &&
    points === null &&
    tricks === null
  ) {
    points = 61;
    tricks = 5;
    assumptions.push("only the matadors are given: points 61, tricks 5 (nothing else is checked)");
  }
  if (points === null) {
    if (tricks === 10) points = 120;
    else if (tricks === 0) points = 0;
    else if (expected.won !== undefined) points = expected.won ? 61 : 60;
    else return { reason: "points unknown and no outcome to pick them by" };
    assumptions.push(`points unknown: ${points}`);
  }
  if (tricks === null) {
    if (points === 120) tricks = 10;
    else if (points > 22 && points < 120) tricks = 5;
    else return { reason: `tricks unknown and ${points} points do not decide schwarz` };
    assumptions.push(`tricks unknown: ${tricks}`);
  }
  if (Object.keys(expected).length === 0) return { reason: "nothing to check" };
  return {
    index,
    complete,
    description: vector.description,
    input: {
      id: `v${index}`,
      cards,
      game: vector.game_type as string,
      hand: vector.hand,
      schneider_announced: vector.schneider_announced,
      schwarz_announced: vector.schwarz_announced,
      ouvert: vector.ouvert,
      bid,
      declarer_points: points,
      declarer_tricks: tricks,
      players: 3,
    },
    expected,
    assumptions,
  };
}

/** A Seeger-Fabian case: a game of the given value (won at 61 points, lost at 60) is built. */
function seegerFabianCase(vector: Vector, index: number): VectorCase | { reason: string } {
  const expected = expectedOf(vector);
  const signed = vector.expected_game_value;
  if (signed === null || expected.seegerFabian === undefined)
    return { reason: "no game and no score" };
  const score = vector.expected_score as Record<string, unknown>;
  const players = (score.players_at_table ?? 3) as 3 | 4;
  const won = signed > 0;
  const value = won ? signed : -signed / 2;
  for (let kind = 0 as GameKind; kind < NULL; kind = (kind + 1) as GameKind) {
    const base = BASE_VALUES[kind] as number;
    for (const matadors of [1, 2, 3, 4, -1, -2, -3, -4]) {
      if (base * (Math.abs(matadors) + 1) !== value) continue;
      const cards = completeWithNonTrumps(kind, trumpsFor(kind, matadors)) as string[];
      return {
        index,
        complete: false,
        description: vector.description,
        input: {
          id: `v${index}`,
          cards,
          game: ["clubs", "spades", "hearts", "diamonds", "grand"][kind] as string,
          hand: false,
          schneider_announced: false,
          schwarz_announced: false,
          ouvert: false,
          bid: 18,
          declarer_points: won ? 61 : 60,
          declarer_tricks: 5,
          players,
        },
        expected,
        assumptions: [`a game worth ${value} built (kind ${kind}, matadors ${matadors})`],
      };
    }
  }
  return { reason: `no simple game is worth ${value}` };
}
