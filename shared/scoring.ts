/**
 * Game values and scores (RULES.md §5-§7 and the decisions table).
 *
 * Matadors are counted on the declarer's twelve cards (ten dealt plus the original skat) for hand
 * and pickup games alike. Levels announced but missed still count (the cumulative ladder the ISS
 * server uses). An overbid game is charged at the smallest multiple of the declared game's base
 * value that reaches the bid. Lost games are always doubled.
 */
import { type CardMask, hasCard } from "./cards";
import { BASE_VALUES, type GameKind, NULL, trumpOrder } from "./games";

export interface Declaration {
  kind: GameKind;
  hand: boolean;
  schneider: boolean;
  schwarz: boolean;
  ouvert: boolean;
}

/** Fills in what the rules imply: suit/grand ouvert is hand with schwarz announced; schwarz implies schneider. */
export function impliedDeclaration(declaration: Declaration): Declaration {
  const { kind, ouvert } = declaration;
  if (kind === NULL)
    return { kind, hand: declaration.hand, schneider: false, schwarz: false, ouvert };
  const schwarz = declaration.schwarz || ouvert;
  return {
    kind,
    hand: declaration.hand || ouvert,
    schneider: declaration.schneider || schwarz,
    schwarz,
    ouvert,
  };
}

/** Fixed null values: null 23, null hand 35, null ouvert 46, null ouvert hand 59. */
export function nullValue(hand: boolean, ouvert: boolean): number {
  return ouvert ? (hand ? 59 : 46) : hand ? 35 : 23;
}

/**
 * Matadors of a suit or grand game: +n "with n" when the declarer holds the top trump (the
 * length of the unbroken run from the top), −n "without n" otherwise (how many trumps stand above
 * his highest one). 0 for null.
 */
export function matadors(kind: GameKind, twelveCards: CardMask): number {
  if (kind === NULL) return 0;
  const order = trumpOrder(kind);
  const withTop = hasCard(twelveCards, order[0] as number);
  let run = 0;
  for (const card of order) {
    if (hasCard(twelveCards, card) !== withTop) break;
    run++;
  }
  return withTop ? run : -run;
}

export interface DealOutcome {
  /** The declarer's card points, the skat (or discards) included. */
  declarerPoints: number;
  declarerTricks: number;
  /** Tricks completed in the deal (10 unless it ended early). */
  tricksPlayed: number;
  /** The declarer gave up: lost, whatever the cards say. */
  conceded: boolean;
}

/** One step of a suit or grand game's multiplier ("with 2", "game", "hand", ...). */
export type LevelName =
  | "with"
  | "without"
  | "game"
  | "hand"
  | "schneider"
  | "schneiderAnnounced"
  | "schwarz"
  | "schwarzAnnounced"
  | "ouvert";

export interface Level {
  name: LevelName;
  count: number;
}

export interface GameResult {
  won: boolean;
  /** The value charged: positive; for an overbid the multiple of the base value that reaches the bid. */
  value: number;
  overbid: boolean;
  /** Classic list entry: +value when won, −2 × value when lost. */
  score: number;
  /** Signed matadors: + with, − without, 0 for null. */
  matadors: number;
  /** Schneider and schwarz reached by either party (not merely announced). */
  schneider: boolean;
  schwarz: boolean;
  /** The multiplier of a suit or grand game (0 for null): the sum of `levels`. */
  multiplier: number;
  /** The steps of the multiplier in the order they are counted (empty for null). */
  levels: Level[];
  /** Base value of the declared suit or grand game (0 for null). */
  baseValue: number;
}

export function scoreGame(
  declaration: Declaration,
  bid: number,
  twelveCards: CardMask,
  outcome: DealOutcome,
): GameResult {
  const game = impliedDeclaration(declaration);
  const { declarerPoints: points, declarerTricks: tricks } = outcome;
  const anyTrickPlayed = outcome.tricksPlayed > 0;
  // A level is "reached" only once play has shown it: a concession before the first trick
  // leaves the declarer neither schneider nor schwarz.
  const schneider = anyTrickPlayed && (points >= 90 || points <= 30);
  const schwarz = anyTrickPlayed && (tricks === 0 || tricks === 10);

  if (game.kind === NULL) {
    const value = nullValue(game.hand, game.ouvert);
    const won = !outcome.conceded && tricks === 0;
    return {
      won,
      value,
      overbid: false,
      score: won ? value : -2 * value,
      matadors: 0,
      schneider,
      schwarz,
      multiplier: 0,
      levels: [],
      baseValue: 0,
    };
  }

  const spitzen = matadors(game.kind, twelveCards);
  // Announced levels count whether reached or not (the cumulative ladder, RULES.md §5.4).
  const levels: Level[] = [
    { name: spitzen > 0 ? "with" : "without", count: Math.abs(spitzen) },
    { name: "game", count: 1 },
  ];
  if (game.hand) levels.push({ name: "hand", count: 1 });
  if (schneider || game.schneider) levels.push({ name: "schneider", count: 1 });
  if (game.schneider) levels.push({ name: "schneiderAnnounced", count: 1 });
  if (schwarz || game.schwarz) levels.push({ name: "schwarz", count: 1 });
  if (game.schwarz) levels.push({ name: "schwarzAnnounced", count: 1 });
  if (game.ouvert) levels.push({ name: "ouvert", count: 1 });
  const multiplier = levels.reduce((sum, level) => sum + level.count, 0);
  const base = BASE_VALUES[game.kind] as number;
  const computed = base * multiplier;
  const wonOnCards =
    !outcome.conceded &&
    (game.schwarz ? tricks === 10 : game.schneider ? points >= 90 : points >= 61);
  const overbid = computed < bid;
  if (wonOnCards && !overbid) {
    return {
      won: true,
      value: computed,
      overbid,
      score: computed,
      matadors: spitzen,
      schneider,
      schwarz,
      multiplier,
      levels,
      baseValue: base,
    };
  }
  const value = overbid ? Math.ceil(bid / base) * base : computed;
  return {
    won: false,
    value,
    overbid,
    score: -2 * value,
    matadors: spitzen,
    schneider,
    schwarz,
    multiplier,
    levels,
    baseValue: base,
  };
}

/**
 * Seeger-Fabian for one deal: the declarer gets the list score ± 50; when the declarer loses,
 * every other player at the table (the sitting-out dealer of a four-table included) gets 40 at a
 * three-table or 30 at a four-table.
 */
export function seegerFabian(result: Pick<GameResult, "won" | "score">, players: 3 | 4) {
  return {
    declarer: result.score + (result.won ? 50 : -50),
    others: result.won ? 0 : players === 3 ? 40 : 30,
  };
}
