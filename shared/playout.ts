/**
 * The card-play kernel for bots and analysis: random playouts from a dealt, declared position.
 *
 * A playout plays uniformly random LEGAL cards (following per game kind, `playableCards`) for
 * every player until all hands are empty, decides each trick by `beats`, and credits the trick's
 * card points (`pointsOf`) and the trick to its winner's side. It is a statistical tool: nobody
 * chooses, every legal card is equally likely at every turn.
 *
 * Players are numbered 0, 1, 2 in playing order (forehand, middlehand, rearhand): after player p
 * comes player (p + 1) mod 3. A caller with seats (e.g. a 4-player table where the dealer sits
 * out) maps its active seats onto these three indices first.
 *
 * The skat: in suit and grand games the skat (the two cards put away, or the original skat in a
 * hand game) belongs to the declarer. The position carries its card points as `skatPoints`, and
 * they are added to the declarer's points in every result, so that with a full deal
 * declarer points + defender points = 120.
 *
 * Not the kernel's job: ending a deal early. A playout always plays every remaining trick, also
 * in null games (where the declarer loses with his first trick) and against announced schwarz or
 * ouvert; callers read what they need from the totals (for null: the declarer took no trick).
 *
 * Speed: the hot loop allocates nothing. Hands live in one module-level Int32Array, the trick in
 * locals; a random legal card is the r-th set bit of the legal mask (r from `Rng.nextInt`, the
 * lower bits cleared one by one), and one playout's totals travel packed in one small integer.
 */
import { type Card, type CardMask, countCards, pointsOf } from "./cards";
import { beats, type GameKind, playableCards } from "./games";
import type { Rng } from "./rng";

export type PlayerIndex = 0 | 1 | 2;

/** A position in the card play: the game, the cards still held, the current trick, the totals. */
export interface PlayoutPosition {
  kind: GameKind;
  /** Cards still in the hands of players 0, 1, 2 (forehand, middlehand, rearhand). */
  hands: readonly [CardMask, CardMask, CardMask];
  declarer: PlayerIndex;
  /** The player who led the current trick; with an empty trick, the player to lead. */
  leader: PlayerIndex;
  /** Cards of the current trick so far, in playing order from the leader (0-2 cards). Default []. */
  trick?: readonly Card[];
  /** Card points the declarer has taken in completed tricks, skat not included. Default 0. */
  declarerPoints?: number;
  /** Tricks the declarer has taken. Default 0. */
  declarerTricks?: number;
  /** Card points of the skat, credited to the declarer (0 in null, where they do not matter). */
  skatPoints?: number;
}

/** The end of one playout: both sides' totals, the skat counted to the declarer. */
export interface PlayoutResult {
  declarerPoints: number;
  declarerTricks: number;
  defenderPoints: number;
  defenderTricks: number;
}

/** Aggregates over many playouts; the declarer's points include the skat. */
export interface PlayoutStats {
  playouts: number;
  meanDeclarerPoints: number;
  meanDeclarerTricks: number;
  /** P(declarer points >= 61): the declarer wins a suit or grand game. */
  pWin: number;
  /** P(declarer points >= 90): the defenders are schneider. */
  pSchneider: number;
  /** P(declarer takes every trick): the defenders are schwarz. */
  pSchwarz: number;
  /** P(declarer points <= 30): the declarer is schneider. */
  pDeclarerSchneider: number;
  /** P(declarer takes no trick): the declarer is schwarz; in null, the declarer wins. */
  pNoTrick: number;
}

/** A checked position, flattened into numbers for the kernel. */
interface Prepared {
  kind: GameKind;
  h0: number;
  h1: number;
  h2: number;
  declarer: PlayerIndex;
  leader: PlayerIndex;
  trickLength: number;
  t0: number;
  t1: number;
  /** Declarer's points and tricks before the playout, skat included. */
  basePoints: number;
  baseTricks: number;
  /** Defenders' points and tricks before the playout (everything not held, played or skat). */
  defenderBasePoints: number;
  defenderBaseTricks: number;
}

function fail(message: string): never {
  throw new RangeError(`playout: ${message}`);
}

function isCard(value: unknown): value is Card {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 32;
}

function isCount(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
}

/** Checks a position (throws on an inconsistent one: a caller's bug) and flattens it. */
function prepare(position: PlayoutPosition): Prepared {
  const { kind, hands, declarer, leader } = position;
  const trick = position.trick ?? [];
  const declarerPoints = position.declarerPoints ?? 0;
  const declarerTricks = position.declarerTricks ?? 0;
  const skatPoints = position.skatPoints ?? 0;
  if (!isCount(kind, 5)) fail(`bad game kind ${kind}`);
  if (!isCount(declarer, 2)) fail(`bad declarer ${declarer}`);
  if (!isCount(leader, 2)) fail(`bad leader ${leader}`);
  if (hands.length !== 3) fail("hands must list three players");
  if (trick.length > 2) fail("a trick in progress has 0-2 cards");
  if (!isCount(declarerPoints, 120) || !isCount(skatPoints, 120)) fail("bad point count");
  if (!isCount(declarerTricks, 10)) fail("bad trick count");

  const [h0, h1, h2] = hands;
  let seen = 0;
  for (const h of [h0, h1, h2]) {
    if ((seen & h) !== 0) fail("a card is in two hands");
    seen |= h;
  }
  let trickMask = 0;
  for (const card of trick) {
    if (!isCard(card)) fail(`bad card ${card} in the trick`);
    if ((seen | trickMask) & (1 << card)) fail("a trick card is also held or played twice");
    trickMask |= 1 << card;
  }
  // The players who have played to the current trick hold one card less than the others.
  const toMove = (leader + trick.length) % 3;
  const size = countCards(hands[toMove] as CardMask);
  for (let p = 0; p < 3; p++) {
    const played = (p - leader + 3) % 3 < trick.length;
    if (countCards(hands[p] as CardMask) !== (played ? size - 1 : size)) {
      fail("the hands do not fit the trick in progress");
    }
  }
  if (size > 10 || (trick.length > 0 && size === 0)) fail("bad hand sizes");

  // The player to move still holds a card for every remaining trick, the current one included.
  const tricksPlayed = 10 - size;
  if (declarerTricks > tricksPlayed) fail("the declarer has more tricks than were played");
  const outstanding = pointsOf(seen | trickMask);
  const defenderBasePoints = 120 - outstanding - skatPoints - declarerPoints;
  if (defenderBasePoints < 0) fail("more than 120 card points");
  return {
    kind,
    h0,
    h1,
    h2,
    declarer,
    leader,
    trickLength: trick.length,
    t0: trick[0] ?? -1,
    t1: trick[1] ?? -1,
    basePoints: declarerPoints + skatPoints,
    baseTricks: declarerTricks,
    defenderBasePoints,
    defenderBaseTricks: tricksPlayed - declarerTricks,
  };
}

/** Scratch hands of the running playout (JavaScript is single-threaded; nothing re-enters). */
const HANDS = new Int32Array(3);

/**
 * One random playout to the end. Returns what was won during the playout only, packed:
 * declarer points | declarer tricks << 8 | defender points << 12 | defender tricks << 20.
 */
function run(p: Prepared, rng: Rng): number {
  const kind = p.kind;
  const declarer = p.declarer;
  HANDS[0] = p.h0;
  HANDS[1] = p.h1;
  HANDS[2] = p.h2;
  let declarerPoints = 0;
  let declarerTricks = 0;
  let defenderPoints = 0;
  let defenderTricks = 0;

  let played = p.trickLength;
  let lead: Card = -1;
  let best: Card = -1;
  let winner: number = p.leader;
  let trick = 0;
  let player: number = p.leader;
  if (played > 0) {
    lead = p.t0;
    best = lead;
    trick = 1 << lead;
    player = player === 2 ? 0 : player + 1;
    if (played > 1) {
      if (beats(kind, p.t1, best)) {
        best = p.t1;
        winner = player;
      }
      trick |= 1 << p.t1;
      player = player === 2 ? 0 : player + 1;
    }
  } else if (HANDS[player] === 0) {
    return 0; // nothing left to play
  }

  for (;;) {
    const hand = HANDS[player] as number;
    let legal = played === 0 ? hand : playableCards(kind, hand, lead);
    const choices = countCards(legal);
    if (choices > 1) {
      for (let r = rng.nextInt(choices); r > 0; r--) legal &= legal - 1;
    }
    const low = legal & -legal;
    HANDS[player] = hand ^ low;
    const card = 31 - Math.clz32(low);
    if (played === 0) {
      lead = card;
      best = card;
      winner = player;
      trick = low;
      played = 1;
    } else {
      if (beats(kind, card, best)) {
        best = card;
        winner = player;
      }
      trick |= low;
      played++;
    }
    if (played === 3) {
      const points = pointsOf(trick);
      if (winner === declarer) {
        declarerPoints += points;
        declarerTricks++;
      } else {
        defenderPoints += points;
        defenderTricks++;
      }
      played = 0;
      player = winner;
      if (HANDS[winner] === 0) break;
    } else {
      player = player === 2 ? 0 : player + 1;
    }
  }
  return declarerPoints | (declarerTricks << 8) | (defenderPoints << 12) | (defenderTricks << 20);
}

/** One random playout from `position` to the end of the deal. */
export function playout(position: PlayoutPosition, rng: Rng): PlayoutResult {
  const p = prepare(position);
  const packed = run(p, rng);
  return {
    declarerPoints: p.basePoints + (packed & 0xff),
    declarerTricks: p.baseTricks + ((packed >>> 8) & 0xf),
    defenderPoints: p.defenderBasePoints + ((packed >>> 12) & 0xff),
    defenderTricks: p.defenderBaseTricks + ((packed >>> 20) & 0xf),
  };
}

/** `count` random playouts from `position`, aggregated. Deterministic for a given rng state. */
export function playoutStats(position: PlayoutPosition, count: number, rng: Rng): PlayoutStats {
  if (!Number.isInteger(count) || count < 1) fail(`bad playout count ${count}`);
  const p = prepare(position);
  const basePoints = p.basePoints;
  const baseTricks = p.baseTricks;
  let sumPoints = 0;
  let sumTricks = 0;
  let wins = 0;
  let schneider = 0;
  let schwarz = 0;
  let declarerSchneider = 0;
  let noTrick = 0;
  for (let i = 0; i < count; i++) {
    const packed = run(p, rng);
    const points = basePoints + (packed & 0xff);
    const tricks = baseTricks + ((packed >>> 8) & 0xf);
    sumPoints += points;
    sumTricks += tricks;
    if (points >= 61) wins++;
    if (points >= 90) schneider++;
    if (points <= 30) declarerSchneider++;
    if (tricks === 10) schwarz++;
    if (tricks === 0) noTrick++;
  }
  return {
    playouts: count,
    meanDeclarerPoints: sumPoints / count,
    meanDeclarerTricks: sumTricks / count,
    pWin: wins / count,
    pSchneider: schneider / count,
    pSchwarz: schwarz / count,
    pDeclarerSchneider: declarerSchneider / count,
    pNoTrick: noTrick / count,
  };
}
