/**
 * `skat score`: JSON lines on stdin, each a finished game
 *   {"id","cards":[the declarer's 10 dealt cards + the 2 original skat cards],"game",
 *    "hand","schneider_announced","schwarz_announced","ouvert","bid","declarer_points",
 *    "declarer_tricks","players":3|4}
 * and for each a JSON line {"id","value","won","overbid","score","seeger_fabian":{"declarer","others"}}
 * or {"id","error"}. Every field is required and checked; the values come from the engine's
 * scoreGame and seegerFabian (nothing is scored here).
 */
import { isBidValue } from "../shared/bidding";
import { type CardMask, parseCard } from "../shared/cards";
import { GAME_NAMES, type GameKind, gameKindOf, NULL } from "../shared/games";
import { type Declaration, nullValue, scoreGame, seegerFabian } from "../shared/scoring";
import { describeThrown, mapLines } from "./lines";

export async function run(args: string[]): Promise<number> {
  if (args.length > 0) {
    process.stderr.write(
      `skat score: unexpected argument "${args[0]}"\nusage: skat score < games.jsonl\n`,
    );
    return 2;
  }
  await mapLines(scoreLine);
  return 0;
}

export interface ScoreRequest {
  id: string | number | null;
  declaration: Declaration;
  bid: number;
  cards: CardMask;
  declarerPoints: number;
  declarerTricks: number;
  players: 3 | 4;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The output object for one input line. */
export function scoreLine(line: string): Record<string, unknown> {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { id: null, error: "not valid JSON" };
  }
  const id = idOf(input);
  try {
    const request = checkRequest(input);
    if (!request.ok) return { id, error: request.error };
    return scoreRequest(request.value);
  } catch (thrown) {
    return { id, error: describeThrown(thrown) };
  }
}

export function scoreRequest(request: ScoreRequest): Record<string, unknown> {
  const result = scoreGame(request.declaration, request.bid, request.cards, {
    declarerPoints: request.declarerPoints,
    declarerTricks: request.declarerTricks,
    // A finished game: at least one trick was played, so the declarer's own schneider and schwarz
    // levels count (how many tricks exactly does not change the score).
    tricksPlayed: 10,
    conceded: false,
  });
  const seeger = seegerFabian(result, request.players);
  return {
    id: request.id,
    value: result.value,
    won: result.won,
    overbid: result.overbid,
    score: result.score,
    seeger_fabian: { declarer: seeger.declarer, others: seeger.others },
  };
}

function idOf(input: unknown): string | number | null {
  if (typeof input !== "object" || input === null) return null;
  const id = (input as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

const FLAGS = ["hand", "schneider_announced", "schwarz_announced", "ouvert"] as const;

export function checkRequest(input: unknown): Checked<ScoreRequest> {
  const fail = (error: string): Checked<ScoreRequest> => ({ ok: false, error });
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return fail("a line is a JSON object");
  const fields = input as Record<string, unknown>;
  if (!("id" in fields)) return fail("id is missing");
  const id = fields.id;
  if (id !== null && typeof id !== "string" && typeof id !== "number")
    return fail("id must be a string, a number or null");

  const codes = fields.cards;
  if (!Array.isArray(codes) || codes.length !== 12) {
    return fail(
      "cards must be 12 card codes: the declarer's 10 dealt cards and the 2 original skat cards",
    );
  }
  let cards: CardMask = 0;
  for (const code of codes) {
    const card = parseCard(code);
    if (card === undefined)
      return fail(`cards: ${JSON.stringify(code)} is not a card code (such as CJ, HT, D7)`);
    if (cards & (1 << card)) return fail(`cards: ${code} appears twice`);
    cards |= 1 << card;
  }

  const kind = typeof fields.game === "string" ? gameKindOf(fields.game) : undefined;
  if (kind === undefined) return fail(`game must be one of ${GAME_NAMES.join(", ")}`);

  for (const flag of FLAGS) {
    if (typeof fields[flag] !== "boolean") return fail(`${flag} must be true or false`);
  }
  const hand = fields.hand as boolean;
  const schneider = fields.schneider_announced as boolean;
  const schwarz = fields.schwarz_announced as boolean;
  const ouvert = fields.ouvert as boolean;

  const bid = fields.bid;
  if (!isBidValue(bid)) return fail("bid must be a bid value (18, 20, 22, 23, 24, 27, ...)");
  const points = fields.declarer_points;
  if (!isWholeNumberIn(points, 0, 120))
    return fail("declarer_points must be a whole number from 0 to 120");
  const tricks = fields.declarer_tricks;
  if (!isWholeNumberIn(tricks, 0, 10))
    return fail("declarer_tricks must be a whole number from 0 to 10");
  const players = fields.players;
  if (players !== 3 && players !== 4) return fail("players must be 3 or 4");

  if (kind === NULL) {
    if (schneider || schwarz)
      return fail("schneider and schwarz cannot be announced in a null game");
    if (nullValue(hand, ouvert) < bid) {
      return fail(`a null worth ${nullValue(hand, ouvert)} cannot be played at a bid of ${bid}`);
    }
  } else if ((schneider || schwarz) && !hand && !ouvert) {
    return fail("schneider and schwarz can only be announced in a hand game");
  }
  // Suit and grand ouvert imply hand with schneider and schwarz announced (scoreGame fills them in).
  const declaration: Declaration = { kind: kind as GameKind, hand, schneider, schwarz, ouvert };
  return {
    ok: true,
    value: { id, declaration, bid, cards, declarerPoints: points, declarerTricks: tricks, players },
  };
}

function isWholeNumberIn(value: unknown, low: number, high: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= low && value <= high;
}
