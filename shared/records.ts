/**
 * Game records in the International Skat Server's format (conformance/README.md, field by field):
 * reading one (`parseIssRecord`), replaying it through the public engine (`replayIssRecord`), and
 * writing a finished deal of ours as one (`exportIssRecord`).
 *
 * A record is one line, SGF-like: `(;GM[Skat]PC[...]ID[..]P0[..]...MV[moves]R[result];)`.
 * Record seats 0, 1, 2 are forehand, middlehand, rearhand. The replay deals them at a three-table
 * whose seat 2 deals, so record seat n is our table seat n and our role n.
 *
 * The replay never trusts the record's `R[...]`: every value comes from the engine. `R` is parsed
 * so that callers can compare (`recordMismatches`).
 */
import { type Card, type CardMask, cardCode, cardCodes, hasCard, maskOf, parseCard } from "./cards";
import {
  type Action,
  apply,
  type DealState,
  dealtHand,
  type GameState,
  newGame,
  originalSkat,
  type Role,
} from "./engine";
import { type GameKind, type GameName, NULL } from "./games";
import { err, ok, type Result, type RuleError, type RuleErrorCode } from "./result";

export type IssSeat = 0 | 1 | 2;

/** One entry of `MV[...]`: who (`w` the server, or a record seat) and what. */
export interface IssMove {
  by: "w" | IssSeat;
  move: string;
}

/** `R[...]` of a deal that was not passed in, field by field. */
export interface IssGameResult {
  passed: false;
  /** `d:` the declarer's record seat, -1 when nobody declared (penalty before a declaration). */
  declarer: IssSeat | -1;
  outcome: "win" | "loss" | "penalty";
  /** `v:` signed: lost values are negative and already doubled. */
  value: number;
  /** `m:` + with, − without, 0 for null. */
  matadors: number;
  overbid: boolean;
  /** `p:` the declarer's card points, skat included. */
  points: number;
  /** `t:` the declarer's tricks. */
  tricks: number;
  /** `s:`/`z:` schneider and schwarz reached (not merely announced). */
  schneider: boolean;
  schwarz: boolean;
  /** `p0:`..`p2:` seats penalised when the game ended without a declaration. */
  penalties: [boolean, boolean, boolean];
  /** `l:` the seat that left, -1 if none. */
  left: IssSeat | -1;
  /** `to:` the seat that timed out, -1 if none. */
  timedOut: IssSeat | -1;
  /** `r:`; null in the oldest records, which lack the field. */
  resigned: boolean | null;
  /** Fields this parser does not know, kept verbatim (a newer server may add some). */
  extra: Record<string, string>;
}

export type IssResult = { passed: true } | IssGameResult;

export interface IssRecord {
  /** `ID[n]`: a number when it is one, else the text; null when absent or empty. */
  id: number | string | null;
  /** `PC[...]`: International Skat Server, Internet Skat Server, ISS2, ... */
  place: string | null;
  series: string | null;
  date: string | null;
  comment: string | null;
  /** `P0`..`P2`: forehand, middlehand, rearhand ("" when absent). */
  players: [string, string, string];
  /** `R0`..`R2` as written (`""`, `0.0`, `null`, `1148.2`, ...); null when absent. */
  ratings: [string | null, string | null, string | null];
  /** `OW[n]` in a player-view record. */
  owner: string | null;
  moves: IssMove[];
  /** `R[...]`; null when the record has none. */
  result: IssResult | null;
  /** Every field as written, unescaped (for keys this parser does not interpret). */
  fields: Record<string, string>;
}

function recordError(message: string): { ok: false; error: RuleError } {
  return err("ERR_BAD_RECORD", message);
}

// ---------------------------------------------------------------------------------------------
// Reading

const FIELD = /([A-Za-z][A-Za-z0-9]*)\[((?:[^\]\\]|\\[\s\S])*)\]/y;

/** Reads one record line. Tolerates what real records vary in: missing `CO`, `r:`, ratings. */
export function parseIssRecord(line: string): Result<IssRecord> {
  const fieldsResult = parseFields(line);
  if (!fieldsResult.ok) return fieldsResult;
  const fields = fieldsResult.value;
  if (fields.GM !== undefined && fields.GM !== "Skat") {
    return recordError(`not a Skat record: GM[${fields.GM}]`);
  }
  const mv = fields.MV;
  if (mv === undefined) return recordError("the record has no move list MV[...]");
  const moves = parseMoves(mv);
  if (!moves.ok) return moves;
  let result: IssResult | null = null;
  if (fields.R !== undefined) {
    const parsed = parseIssResult(fields.R);
    if (!parsed.ok) return parsed;
    result = parsed.value;
  }
  const text = (key: string): string | null => fields[key] ?? null;
  return ok({
    id: parseId(fields.ID),
    place: text("PC"),
    series: text("SE"),
    date: text("DT"),
    comment: text("CO"),
    players: [fields.P0 ?? "", fields.P1 ?? "", fields.P2 ?? ""],
    ratings: [text("R0"), text("R1"), text("R2")],
    owner: text("OW"),
    moves: moves.value,
    result,
    fields,
  });
}

function parseFields(line: string): Result<Record<string, string>> {
  const text = line.trim();
  let pos = 0;
  if (text.startsWith("(")) pos++;
  if (text[pos] !== ";") return recordError("a record starts with (;");
  pos++;
  const fields: Record<string, string> = {};
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos] as string)) pos++;
    if (pos >= text.length || text[pos] === ";" || text[pos] === ")") break;
    FIELD.lastIndex = pos;
    const match = FIELD.exec(text);
    if (!match) return recordError(`cannot read a KEY[value] field at character ${pos}`);
    const key = match[1] as string;
    if (Object.hasOwn(fields, key)) return recordError(`the field ${key} appears twice`);
    fields[key] = (match[2] as string).replace(/\\([\s\S])/g, "$1");
    pos = FIELD.lastIndex;
  }
  if (!/^;?\s*\)?\s*$/.test(text.slice(pos))) {
    return recordError(`unexpected text after the fields: ${text.slice(pos, pos + 20)}`);
  }
  return ok(fields);
}

function parseId(id: string | undefined): number | string | null {
  if (id === undefined || id.trim() === "") return null;
  const trimmed = id.trim();
  return /^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function parseMoves(mv: string): Result<IssMove[]> {
  const tokens = mv.trim() === "" ? [] : mv.trim().split(/\s+/);
  if (tokens.length % 2 !== 0)
    return recordError("the move list is not a list of <who> <move> pairs");
  const moves: IssMove[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const who = tokens[i] as string;
    const move = tokens[i + 1] as string;
    if (who === "w") moves.push({ by: "w", move });
    else if (who === "0" || who === "1" || who === "2")
      moves.push({ by: Number(who) as IssSeat, move });
    else return recordError(`move ${i / 2}: "${who}" is neither w nor a seat 0-2`);
  }
  return ok(moves);
}

/** Reads `R[...]`: `passed`, or the `d:.. win|loss|penalty v:.. m:.. bidok|overbid p:..` fields. */
export function parseIssResult(text: string): Result<IssResult> {
  const trimmed = text.trim();
  if (trimmed === "passed") return ok({ passed: true });
  const numbers: Record<string, number> = {};
  const extra: Record<string, string> = {};
  let outcome: IssGameResult["outcome"] | null = null;
  let overbid: boolean | null = null;
  for (const token of trimmed.split(/\s+/)) {
    if (token === "win" || token === "loss" || token === "penalty") {
      if (outcome !== null) return recordError("R[] names the outcome twice");
      outcome = token;
    } else if (token === "bidok" || token === "overbid") {
      if (overbid !== null) return recordError("R[] says bidok/overbid twice");
      overbid = token === "overbid";
    } else {
      const field = /^([a-z]+[0-9]?):(.*)$/.exec(token);
      if (!field) return recordError(`R[]: cannot read "${token}"`);
      const [, key, value] = field as unknown as [string, string, string];
      if (!/^-?\d+$/.test(value)) {
        if (KNOWN_RESULT_KEYS.has(key)) return recordError(`R[]: ${key} is not a whole number`);
        extra[key] = value;
        continue;
      }
      if (Object.hasOwn(numbers, key)) return recordError(`R[]: ${key} appears twice`);
      if (KNOWN_RESULT_KEYS.has(key)) numbers[key] = Number(value);
      else extra[key] = value;
    }
  }
  if (outcome === null) return recordError("R[] lacks win, loss or penalty");
  if (overbid === null) return recordError("R[] lacks bidok or overbid");
  for (const key of ["d", "v", "m", "p", "t", "s", "z"]) {
    if (numbers[key] === undefined) return recordError(`R[] lacks ${key}:`);
  }
  const seatOrNone = (key: string, fallback: number): Result<IssSeat | -1> => {
    const value = numbers[key] ?? fallback;
    return value >= -1 && value <= 2
      ? ok(value as IssSeat | -1)
      : recordError(`R[]: ${key}:${value} is no seat`);
  };
  const flag = (key: string, fallback: number): Result<boolean> => {
    const value = numbers[key] ?? fallback;
    return value === 0 || value === 1
      ? ok(value === 1)
      : recordError(`R[]: ${key}: must be 0 or 1`);
  };
  const declarer = seatOrNone("d", -1);
  const left = seatOrNone("l", -1);
  const timedOut = seatOrNone("to", -1);
  const flags = [flag("s", 0), flag("z", 0), flag("p0", 0), flag("p1", 0), flag("p2", 0)];
  for (const checked of [declarer, left, timedOut, ...flags]) if (!checked.ok) return checked;
  const [schneider, schwarz, p0, p1, p2] = flags.map((f) => f.ok && f.value) as boolean[];
  let resigned: boolean | null = null;
  if (numbers.r !== undefined) {
    const r = flag("r", 0);
    if (!r.ok) return r;
    resigned = r.value;
  }
  const seatOf = (checked: Result<IssSeat | -1>): IssSeat | -1 => (checked.ok ? checked.value : -1);
  return ok({
    passed: false,
    declarer: seatOf(declarer),
    outcome,
    value: numbers.v as number,
    matadors: numbers.m as number,
    overbid,
    points: numbers.p as number,
    tricks: numbers.t as number,
    schneider: schneider as boolean,
    schwarz: schwarz as boolean,
    penalties: [p0 as boolean, p1 as boolean, p2 as boolean],
    left: seatOf(left),
    timedOut: seatOf(timedOut),
    resigned,
    extra,
  });
}

const KNOWN_RESULT_KEYS: ReadonlySet<string> = new Set([
  "d",
  "v",
  "m",
  "p",
  "t",
  "s",
  "z",
  "p0",
  "p1",
  "p2",
  "l",
  "to",
  "r",
]);

/** Cards joined by dots (`HT.ST.DK`), or undefined when any part is not a card. */
function parseCardList(parts: readonly string[]): Card[] | undefined {
  const cards: Card[] = [];
  for (const part of parts) {
    const card = parseCard(part);
    if (card === undefined) return undefined;
    cards.push(card);
  }
  return cards;
}

// ---------------------------------------------------------------------------------------------
// Replaying

/** The engine's verdict on a scored deal, in the record's terms. */
export interface ScoredReplay {
  /** `ended_early`: shortened by SC/RE, or stopped before the tenth trick (null, schwarz). */
  status: "played" | "ended_early";
  declarer: IssSeat;
  won: boolean;
  /** Signed as the record's `v:`: +value when won, −2 × value when lost. */
  value: number;
  matadors: number;
  overbid: boolean;
  points: number;
  tricks: number;
  schneider: boolean;
  schwarz: boolean;
  /** The finished deal as the engine holds it. */
  deal: DealState;
}

export type ReplayOutcome =
  | ScoredReplay
  | { status: "passed"; deal: DealState }
  | {
      status: "penalty";
      seat: IssSeat;
      reason: "timeout" | "left";
      /** The deal as far as it went. */
      deal: DealState;
    }
  | {
      status: "invalid";
      error: RuleError;
      /** Index into the move list of the move that failed; null when the list as a whole is wrong. */
      move: number | null;
    };

export type ReplayStatus = ReplayOutcome["status"];

interface Contract {
  game: GameName;
  hand: boolean;
  ouvert: boolean;
  schneider: boolean;
  schwarz: boolean;
}

/** A decoded move: the engine actions it stands for, and the declaration it leaves pending. */
interface Decoded {
  actions: Action[];
  pending: Contract | null;
  shortens: boolean;
}

const GAME_BY_LETTER: Readonly<Record<string, GameName>> = {
  C: "clubs",
  S: "spades",
  H: "hearts",
  D: "diamonds",
  G: "grand",
  N: "null",
};
const LETTER_BY_KIND = ["C", "S", "H", "D", "G", "N"] as const;

// T[O][H][S][Z]. Card ranks (7 8 9 T J Q K A) never coincide with these flags, so `SK` is a card
// and `SS` a contract.
const CONTRACT = /^([GCSHDN])(O?)(H?)(S?)(Z?)$/;

/**
 * Replays a record's moves through `apply` at a fresh three-table and reports what the engine
 * makes of the deal. An illegal move, or a move the record format does not allow where it
 * stands, makes the outcome `invalid` with the engine's (or the reader's) error.
 */
export function replayIssRecord(record: Pick<IssRecord, "moves">): ReplayOutcome {
  const moves = record.moves;
  const first = moves[0];
  const deck = first?.by === "w" ? parseCardList(first.move.split(".")) : undefined;
  if (deck?.length !== 32 || maskOf(deck) !== -1) {
    return invalid(
      first ? 0 : null,
      "ERR_BAD_RECORD",
      "the move list must start with the deal: w and the 32 cards",
    );
  }
  const created = newGame({ players: 3, deals: 1, firstDealer: 2, decks: [deck] });
  if (!created.ok) return { status: "invalid", error: created.error, move: 0 };
  let state: GameState = created.value;
  let pending: Contract | null = null;
  let shortened = false;
  for (let index = 1; index < moves.length; index++) {
    const move = moves[index] as IssMove;
    const fail = (error: RuleError): ReplayOutcome => ({
      status: "invalid",
      error: {
        code: error.code,
        message: `move ${index} (${move.by} ${move.move}): ${error.message}`,
      },
      move: index,
    });
    const deal = state.deal;
    if (move.by === "w") {
      const special = /^(TI|LE)\.([012])$/.exec(move.move);
      if (special) {
        return {
          status: "penalty",
          seat: Number(special[2]) as IssSeat,
          reason: special[1] === "TI" ? "timeout" : "left",
          deal: (deal ?? state.previous) as DealState,
        };
      }
      const skat = parseCardList(move.move.split("."));
      if (skat?.length !== 2)
        return fail({ code: "ERR_BAD_RECORD", message: "unknown server move" });
      if (!deal?.pickedUp || deal.phase !== "discard") {
        return fail({
          code: "ERR_BAD_RECORD",
          message: "the server shows the skat only right after the pick-up",
        });
      }
      if (maskOf(skat) !== originalSkat(deal)) {
        return fail({ code: "ERR_BAD_RECORD", message: "the skat shown is not the skat dealt" });
      }
      continue;
    }
    if (!deal) return fail({ code: "ERR_GAME_OVER", message: "the deal is already over" });
    const decoded = decodeMove(deal, move.by, move.move, pending);
    if (!decoded.ok) return fail(decoded.error);
    pending = decoded.value.pending;
    if (decoded.value.shortens) shortened = true;
    for (const action of decoded.value.actions) {
      const applied = apply(state, move.by, action);
      if (!applied.ok) return fail(applied.error);
      state = applied.value.state;
    }
  }
  const deal = state.previous;
  if (!state.finished || !deal) {
    return invalid(null, "ERR_BAD_RECORD", "the record ends before the deal is over");
  }
  if (!deal.result) return { status: "passed", deal };
  return scoredSummary(deal, shortened);
}

function invalid(move: number | null, code: RuleErrorCode, message: string): ReplayOutcome {
  return { status: "invalid", error: { code, message }, move };
}

/** The record's view of a finished, declared deal. */
function scoredSummary(deal: DealState, shortened: boolean): ScoredReplay {
  const result = deal.result as NonNullable<DealState["result"]>;
  return {
    status: shortened || deal.trickWinners.length < 10 ? "ended_early" : "played",
    declarer: deal.declarer as IssSeat,
    won: result.won,
    value: result.score,
    matadors: result.matadors,
    overbid: result.overbid,
    points: result.declarerPoints,
    tricks: result.declarerTricks,
    schneider: result.schneider,
    schwarz: result.schwarz,
    deal,
  };
}

/** Translates one seat move into engine actions, given the deal before it. */
function decodeMove(
  deal: DealState,
  seat: IssSeat,
  token: string,
  pending: Contract | null,
): Result<Decoded> {
  const role = seat as Role;
  const actions = (list: Action[], shortens = false): Result<Decoded> =>
    ok({ actions: list, pending: null, shortens });
  if (token === "??") return recordError("the move is unknown (??): the record is corrupt");
  if (/^\d+$/.test(token)) return actions([{ type: "bid", value: Number(token) }]);
  switch (token) {
    case "y":
      return actions([{ type: "hold" }]);
    case "p":
      return actions([{ type: "pass" }]);
    case "s":
      return actions([{ type: "pickUp" }]);
    case "RE": {
      // A defender's resignation answers a standing claim; otherwise it is a concession.
      const accepts =
        deal.phase === "play" &&
        role !== deal.declarer &&
        deal.claimActive &&
        !deal.yielded.includes(role);
      return actions([accepts ? { type: "acceptClaim" } : { type: "concede" }], true);
    }
  }
  const parts = token.split(".");
  const head = parts[0] as string;
  if (head === "SC") {
    const shown = parseCardList(parts.slice(1));
    if (!shown) return recordError("SC shows something that is not a card");
    if (shown.length > 0 && (deal.hands[role] & maskOf(shown)) !== maskOf(shown)) {
      return recordError("the cards shown with SC are not all in the declarer's hand");
    }
    return actions([{ type: "claim" }], true);
  }
  const contract = CONTRACT.exec(head);
  if (contract) return decodeDeclaration(deal, role, contract, parts.slice(1));
  const cards = parseCardList(parts);
  if (cards && cards.length === 1) return actions([{ type: "play", card: head }]);
  if (cards && cards.length === 2) {
    const discard: Action = { type: "discard", cards: [parts[0] as string, parts[1] as string] };
    return actions(pending ? [discard, declareAction(pending)] : [discard]);
  }
  return recordError(`unknown move "${token}"`);
}

function decodeDeclaration(
  deal: DealState,
  role: Role,
  [, letter, ouvert, hand, schneider, schwarz]: RegExpExecArray,
  rest: string[],
): Result<Decoded> {
  const cards = parseCardList(rest);
  if (!cards) return recordError("a declaration carries something that is not a card");
  const contract: Contract = {
    game: GAME_BY_LETTER[letter as string] as GameName,
    // Declaring without having picked up the skat is a hand game, whether or not H is written.
    hand: deal.phase === "skat" || hand === "H",
    ouvert: ouvert === "O",
    schneider: schneider === "S",
    schwarz: schwarz === "Z",
  };
  const pickingUp = deal.phase === "discard";
  if (pickingUp && cards.length === 0) {
    // The split form `0 G` then `0 SK.S7`: the declaration waits for the discards.
    return ok({ actions: [], pending: contract, shortens: false });
  }
  if (pickingUp && cards.length < 2)
    return recordError("a declaration after the pick-up names two discards");
  const discards = pickingUp ? cards.slice(0, 2) : [];
  const shown = cards.slice(discards.length);
  if (shown.length > 0) {
    if (!contract.ouvert) return recordError("only an ouvert declaration shows cards");
    const handAfter = deal.hands[role] & ~maskOf(discards);
    if (shown.length !== 10 || maskOf(shown) !== handAfter) {
      return recordError("the cards shown with the ouvert declaration are not the declarer's hand");
    }
  }
  const list: Action[] = [];
  if (pickingUp)
    list.push({
      type: "discard",
      cards: [cardCode(discards[0] as Card), cardCode(discards[1] as Card)],
    });
  list.push(declareAction(contract));
  return ok({ actions: list, pending: null, shortens: false });
}

function declareAction(contract: Contract): Action {
  return {
    type: "declare",
    game: contract.game,
    hand: contract.hand,
    schneider: contract.schneider,
    schwarz: contract.schwarz,
    ouvert: contract.ouvert,
  };
}

/**
 * How the engine's replay differs from the record's own `R[...]` (empty when it agrees, or when
 * the record has no result). Penalties are compared only as such: their values are the server's.
 */
export function recordMismatches(
  record: Pick<IssRecord, "result">,
  outcome: ReplayOutcome,
): string[] {
  const expected = record.result;
  if (!expected || outcome.status === "invalid") return [];
  if (expected.passed)
    return outcome.status === "passed" ? [] : [`status: record passed, replay ${outcome.status}`];
  const penalty =
    expected.outcome === "penalty" || expected.left !== -1 || expected.timedOut !== -1;
  if (penalty || outcome.status === "penalty") {
    return penalty && outcome.status === "penalty"
      ? []
      : [`status: record ${penalty ? "penalty" : "scored"}, replay ${outcome.status}`];
  }
  if (outcome.status === "passed") return ["status: record scored, replay passed"];
  const pairs: [string, unknown, unknown][] = [
    ["declarer", expected.declarer, outcome.declarer],
    ["won", expected.outcome === "win", outcome.won],
    ["value", expected.value, outcome.value],
    ["matadors", expected.matadors, outcome.matadors],
    ["overbid", expected.overbid, outcome.overbid],
    ["points", expected.points, outcome.points],
    ["tricks", expected.tricks, outcome.tricks],
    ["schneider", expected.schneider, outcome.schneider],
    ["schwarz", expected.schwarz, outcome.schwarz],
  ];
  return pairs
    .filter(([, want, got]) => want !== got)
    .map(([name, want, got]) => `${name}: record ${String(want)}, replay ${String(got)}`);
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface IssExportInfo {
  id?: number | string;
  series?: number | string;
  /** `YYYY-MM-DD/hh:mm:ss/UTC`; the engine keeps no clock, so the caller passes the time. */
  date?: string;
  /** Default `Fernskat`. */
  place?: string;
  /** Player names by table seat (at a four-table the sitting-out dealer is not named). */
  names?: readonly string[];
}

/**
 * A finished deal (e.g. `GameState.previous`) as one ISS record line (`MV` and `R`), which
 * `parseIssRecord` and `replayIssRecord` read back to the same result.
 *
 * The deal keeps the auction, the discards, the declaration and every card in order, but not
 * when claims and concessions happened: a concession is written after the last card played (it
 * scores the same there), and a claim only when it ended the deal (a claim that was rejected or
 * overtaken by play changed nothing a record shows).
 */
export function exportIssRecord(deal: DealState, info: IssExportInfo = {}): Result<string> {
  if (deal.phase !== "over") return recordError("only a finished deal can be written as a record");
  const moves: string[] = [`w ${deal.deck.map(cardCode).join(".")}`];
  for (const call of deal.auction) {
    moves.push(
      `${call.role} ${call.call === "bid" ? String(call.value) : call.call === "hold" ? "y" : "p"}`,
    );
  }
  const declaration = deal.declaration;
  const result = deal.result;
  if (declaration && result && deal.declarer !== -1) {
    const declarer = deal.declarer;
    const token = contractToken(declaration);
    const dealt = dealtHand(deal, declarer);
    if (deal.pickedUp) {
      moves.push(`${declarer} s`, `w ${codesInDeckOrder(deal, originalSkat(deal)).join(".")}`);
      const shown = declaration.ouvert ? cardCodes((dealt | originalSkat(deal)) & ~deal.skat) : [];
      moves.push(`${declarer} ${[token, ...cardCodes(deal.skat), ...shown].join(".")}`);
    } else {
      const shown = declaration.ouvert ? cardCodes(dealt) : [];
      moves.push(`${declarer} ${[token, ...shown].join(".")}`);
    }
    deal.played.forEach((card, index) => {
      const trick = Math.floor(index / 3);
      const leader = trick === 0 ? 0 : (deal.trickWinners[trick - 1] as Role);
      moves.push(`${(leader + (index % 3)) % 3} ${cardCode(card)}`);
    });
    if (result.end === "declarerConceded") moves.push(`${declarer} RE`);
    if (result.end === "defendersConceded") {
      if (deal.declarerOpen && !declaration.ouvert) moves.push(`${declarer} SC`);
      for (const role of deal.yielded) moves.push(`${role} RE`);
    }
  }
  const names = deal.roles.map((seat) => info.names?.[seat] ?? `seat${seat}`);
  const fields: [string, string][] = [
    ["GM", "Skat"],
    ["PC", info.place ?? "Fernskat"],
    ["CO", ""],
  ];
  if (info.series !== undefined) fields.push(["SE", String(info.series)]);
  if (info.id !== undefined) fields.push(["ID", String(info.id)]);
  if (info.date !== undefined) fields.push(["DT", info.date]);
  names.forEach((name, role) => {
    fields.push([`P${role}`, name]);
  });
  fields.push(["MV", `${moves.join(" ")} `], ["R", resultText(deal)]);
  return ok(`(;${fields.map(([key, value]) => `${key}[${escapeValue(value)}]`).join("")} ;)`);
}

function escapeValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/]/g, "\\]");
}

function codesInDeckOrder(deal: DealState, mask: CardMask): string[] {
  return deal.deck.filter((card) => hasCard(mask, card)).map(cardCode);
}

/** `T[O][H][S][Z]`, leaving out what the contract implies (as the server writes `GO`, `CHZ`). */
function contractToken(declaration: NonNullable<DealState["declaration"]>): string {
  const { kind, hand, schneider, schwarz, ouvert } = declaration;
  const suitOrGrandOuvert = ouvert && kind !== NULL;
  let token: string = LETTER_BY_KIND[kind as GameKind];
  if (ouvert) token += "O";
  if (hand && !suitOrGrandOuvert) token += "H";
  if (schneider && !schwarz && !suitOrGrandOuvert) token += "S";
  if (schwarz && !suitOrGrandOuvert) token += "Z";
  return token;
}

/** `R[...]` for one of our deals, in the server's field order. */
function resultText(deal: DealState): string {
  const result = deal.result;
  if (!result || deal.declarer === -1) return "passed";
  const bit = (flag: boolean) => (flag ? 1 : 0);
  const resigned = result.end === "declarerConceded" || result.end === "defendersConceded";
  return [
    `d:${deal.declarer}`,
    result.won ? "win" : "loss",
    `v:${result.score}`,
    `m:${result.matadors}`,
    result.overbid ? "overbid" : "bidok",
    `p:${result.declarerPoints}`,
    `t:${result.declarerTricks}`,
    `s:${bit(result.schneider)}`,
    `z:${bit(result.schwarz)}`,
    "p0:0 p1:0 p2:0 l:-1 to:-1",
    `r:${bit(resigned)}`,
  ].join(" ");
}

/**
 * What a replay of `exportIssRecord(deal)` reports, computed from the deal itself: the round trip
 * must reproduce it. A deal ended by a concession counts as shortened, as SC/RE records do.
 */
export function dealOutcome(deal: DealState): ReplayOutcome {
  if (!deal.result || deal.declarer === -1) return { status: "passed", deal };
  const end = deal.result.end;
  return scoredSummary(deal, end === "declarerConceded" || end === "defendersConceded");
}
