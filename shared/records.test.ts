import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Card, cardCode } from "./cards";
import {
  type Action,
  apply,
  type DealState,
  type GameState,
  legalActions,
  newGame,
  seatToAct,
} from "./engine";
import {
  dealOutcome,
  exportIssRecord,
  type IssRecord,
  parseIssRecord,
  parseIssResult,
  type ReplayOutcome,
  recordMismatches,
  replayIssRecord,
} from "./records";
import { Rng } from "./rng";

const conformance = (file: string) =>
  readFileSync(new URL(`../test/fixtures/conformance/${file}`, import.meta.url), "utf8");
const recordLines = conformance("iss-games.txt")
  .split("\n")
  .filter((line) => line.trim() !== "");

/** sources.tsv labels each record (by game id): played, ended_early, passed, special_TI.n, corrupt. */
const labels = new Map(
  conformance("iss-games.sources.tsv")
    .split("\n")
    .slice(1)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const columns = line.split("\t");
      return [Number(columns[2]), columns[5] as string] as const;
    }),
);

function statusForLabel(label: string): ReplayOutcome["status"] {
  if (label.startsWith("special_TI") || label.startsWith("special_LE")) return "penalty";
  if (label.startsWith("corrupt")) return "invalid";
  return label as ReplayOutcome["status"];
}

function record(line: string): IssRecord {
  const parsed = parseIssRecord(line);
  if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
  return parsed.value;
}

function lineWithId(id: number): string {
  const line = recordLines.find((l) => l.includes(`ID[${id}]`));
  if (!line) throw new Error(`no record ${id}`);
  return line;
}

const replayLine = (line: string) => replayIssRecord(record(line));

/** The replay's numbers without the deal, for comparisons. */
function summary(outcome: ReplayOutcome): Record<string, unknown> {
  if (outcome.status === "invalid") return { status: outcome.status, code: outcome.error.code };
  const { deal: _deal, ...rest } = outcome;
  return rest;
}

describe("parseIssRecord", () => {
  it("reads every field of a record", () => {
    const parsed = record(lineWithId(1707755));
    expect(parsed).toMatchObject({
      id: 1707755,
      place: "ISS2",
      series: "142961",
      date: "2022-03-26/16:04:59/UTC",
      comment: "",
      players: ["xskat", "xskat:2", "@iI4t7tt"],
      ratings: ["777.9", "777.9", "1148.2"],
      owner: null,
    });
    expect(parsed.moves[0]).toEqual({ by: "w", move: expect.stringMatching(/^DK\.DA\./) });
    expect(parsed.moves[1]).toEqual({ by: 1, move: "p" });
    expect(parsed.moves.at(-1)).toEqual({ by: 1, move: "HT" });
    expect(parsed.result).toEqual({
      passed: false,
      declarer: 2,
      outcome: "win",
      value: 72,
      matadors: 3,
      overbid: false,
      points: 120,
      tricks: 10,
      schneider: true,
      schwarz: true,
      penalties: [false, false, false],
      left: -1,
      timedOut: -1,
      resigned: false,
      extra: {},
    });
  });

  it("reads every real record, tolerating a missing CO[] and r:, null ratings and ISS2", () => {
    for (const line of recordLines) expect(parseIssRecord(line).ok, line.slice(0, 80)).toBe(true);
    const oldest = record(lineWithId(30));
    expect(oldest.comment).toBeNull();
    expect(oldest.ratings).toEqual(["0.0", "0.0", "null"]);
    expect(oldest.result).toMatchObject({
      outcome: "penalty",
      declarer: -1,
      left: 2,
      resigned: null,
    });
    expect(oldest.result).toMatchObject({ penalties: [false, false, true] });
    expect(record(lineWithId(756788)).result).toEqual({ passed: true });
  });

  it("reads R[] field by field", () => {
    expect(parseIssResult("passed")).toEqual({ ok: true, value: { passed: true } });
    const timedOut = parseIssResult(
      "d:1 loss v:-288 m:-11 bidok p:11 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:1 r:0",
    );
    expect(timedOut).toMatchObject({
      ok: true,
      value: { declarer: 1, value: -288, matadors: -11, timedOut: 1 },
    });
    const newer = parseIssResult(
      "d:0 win v:20 m:1 bidok p:73 t:6 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0 x:7",
    );
    expect(newer).toMatchObject({ ok: true, value: { extra: { x: "7" } } });
    for (const bad of [
      "",
      "won",
      "d:0 v:20 m:1 bidok p:73 t:6 s:0 z:0",
      "d:0 win v:20 m:1 p:73 t:6 s:0 z:0",
      "d:0 win v:20 m:1 bidok p:73 t:6 s:0",
      "d:0 win win v:20 m:1 bidok p:73 t:6 s:0 z:0",
      "d:5 win v:20 m:1 bidok p:73 t:6 s:0 z:0",
      "d:0 win v:20 m:1 bidok p:73 t:6 s:2 z:0",
      "d:0 win v:x m:1 bidok p:73 t:6 s:0 z:0",
      "d:0 win v:20 v:20 m:1 bidok p:73 t:6 s:0 z:0",
    ]) {
      const parsed = parseIssResult(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe("ERR_BAD_RECORD");
    }
  });

  it("unescapes \\] and \\\\ in values", () => {
    const parsed = record("(;GM[Skat]P0[a\\]b]P1[c\\\\d]MV[]R[passed];)");
    expect(parsed.players).toEqual(["a]b", "c\\d", ""]);
    expect(parsed.moves).toEqual([]);
  });

  it("rejects what is not a record with ERR_BAD_RECORD", () => {
    for (const bad of [
      "",
      "hello",
      "GM[Skat]MV[w CJ]",
      "(;GM[Skat]ID[1];)",
      "(;GM[Chess]MV[];)",
      "(;GM[Skat]MV[w];)",
      "(;GM[Skat]MV[x p];)",
      "(;GM[Skat]MV[3 p];)",
      "(;GM[Skat]MV[]MV[];)",
      "(;GM[Skat]MV[] R[nonsense];)",
      "(;GM[Skat]MV[;)",
      "(;GM[Skat]MV[] trailing;)",
    ]) {
      const parsed = parseIssRecord(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe("ERR_BAD_RECORD");
    }
  });
});

describe("replayIssRecord: the real records", () => {
  it("every record has a label in sources.tsv", () => {
    const ids = recordLines.map((line) => record(line).id);
    expect(ids).toHaveLength(32);
    for (const id of ids) expect(labels.has(id as number), String(id)).toBe(true);
  });

  it.each(recordLines.map((line) => [record(line).id, line] as const))("record %s", (id, line) => {
    const parsed = record(line);
    const outcome = replayIssRecord(parsed);
    expect(outcome.status).toBe(statusForLabel(labels.get(id as number) as string));
    const result = parsed.result;
    if (!result) throw new Error("every conformance record has R[]");
    if (outcome.status === "played" || outcome.status === "ended_early") {
      if (result.passed) throw new Error("a scored replay of a passed record");
      // Exactly the values of R[...], each from the engine's own replay.
      expect(summary(outcome)).toEqual({
        status: outcome.status,
        declarer: result.declarer,
        won: result.outcome === "win",
        value: result.value,
        matadors: result.matadors,
        overbid: result.overbid,
        points: result.points,
        tricks: result.tricks,
        schneider: result.schneider,
        schwarz: result.schwarz,
      });
    }
    expect(recordMismatches(parsed, outcome)).toEqual([]);
  });

  it("the corrupt record (a ?? move) is invalid at that move", () => {
    const outcome = replayLine(lineWithId(18358));
    expect(outcome).toMatchObject({
      status: "invalid",
      move: 8,
      error: { code: "ERR_BAD_RECORD" },
    });
  });

  it("timeouts and leaves are penalties, before and after a (split) declaration", () => {
    expect(replayLine(lineWithId(8))).toMatchObject({
      status: "penalty",
      seat: 2,
      reason: "timeout",
    });
    expect(replayLine(lineWithId(30))).toMatchObject({
      status: "penalty",
      seat: 2,
      reason: "left",
    });
    expect(replayLine(lineWithId(10330141))).toMatchObject({
      status: "penalty",
      seat: 1,
      reason: "timeout",
    });
  });
});

describe("replayIssRecord: moves the engine or the record format refuse", () => {
  const game9 = lineWithId(9);
  const cases: [string, string, string][] = [
    ["a card not in hand", game9.replace("1 H9 2 SA", "1 SA 2 H9"), "ERR_CARD_NOT_IN_HAND"],
    ["not following suit", game9.replace("1 H9 2 SA", "1 H9 2 CJ"), "ERR_MUST_FOLLOW_SUIT"],
    [
      "out of turn",
      game9.replace("MV[w", "MV[w").replace(" 1 18 0 p", " 2 18 0 p"),
      "ERR_NOT_YOUR_TURN",
    ],
    ["a bid that is no bid value", game9.replace("1 18 0 p", "1 19 0 p"), "ERR_NOT_A_BID_VALUE"],
    ["a card after the deal ended", game9.replace("0 S7 ]", "0 S7 1 HA ]"), "ERR_GAME_OVER"],
    ["the record ends mid-deal", game9.replace(" 2 CJ 0 S7 ]", " ]"), "ERR_BAD_RECORD"],
    ["an unknown move", game9.replace("0 SQ", "0 XYZ"), "ERR_BAD_RECORD"],
    ["a deal that is no permutation", game9.replace("w S7.ST", "w S7.S7"), "ERR_BAD_RECORD"],
    ["no deal first", game9.replace("MV[w ", "MV[0 p w "), "ERR_BAD_RECORD"],
    [
      "a skat shown that is not the skat dealt",
      lineWithId(541932).replace("w H8.CK", "w H8.CA"),
      "ERR_BAD_RECORD",
    ],
    [
      "a hand game declared after picking up",
      lineWithId(541932).replace("2 D.ST.H8", "2 DH.ST.H8"),
      "ERR_ILLEGAL_DECLARATION",
    ],
    [
      "a discard not in hand",
      lineWithId(541932).replace("2 D.ST.H8", "2 D.ST.HA"),
      "ERR_CARD_NOT_IN_HAND",
    ],
    [
      "ouvert cards that are not the declarer's hand",
      lineWithId(727).replace("0 GO ", "0 GO.HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H9 "),
      "ERR_BAD_RECORD",
    ],
    [
      "cards shown with a non-ouvert declaration",
      game9.replace("2 CH ", "2 CH.SA "),
      "ERR_BAD_RECORD",
    ],
    [
      "SC cards not in the declarer's hand",
      lineWithId(727).replace("0 SC", "0 SC.S7"),
      "ERR_BAD_RECORD",
    ],
  ];
  it.each(cases)("%s", (_, line, code) => {
    const outcome = replayLine(line);
    expect(outcome.status).toBe("invalid");
    if (outcome.status === "invalid") {
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.message).toMatch(/move|record|deal/);
    }
  });
});

describe("replayIssRecord: special moves", () => {
  it("ouvert shown cards that match the hand are accepted", () => {
    const shown = lineWithId(727).replace("0 GO ", "0 GO.HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8 ");
    expect(summary(replayLine(shown))).toEqual(summary(replayLine(lineWithId(727))));
  });

  it("RE by the declarer is a concession: lost with the points so far", () => {
    // Game 9 (clubs hand with 2, bid 20) after the first trick, won by the declarer (rearhand):
    // SQ H9 SA and the skat SJ D8 make 16 points, so he is schneider: with 2, game 3, hand 4,
    // schneider 5 → 60, lost → −120.
    const cut = lineWithId(9).replace(/2 SA 2 SK .*\]R/, "2 SA 2 RE ]R");
    expect(summary(replayLine(cut))).toEqual({
      status: "ended_early",
      declarer: 2,
      won: false,
      value: -120,
      matadors: 2,
      overbid: false,
      points: 16,
      tricks: 1,
      schneider: true,
      schwarz: false,
    });
  });

  it("RE by both defenders without a claim gives the declarer the rest", () => {
    // Game 26496 (clubs hand, schwarz announced) after the first trick.
    const cut = lineWithId(26496).replace(/2 CT 0 SJ .*\]R/, "2 CT 1 RE 2 RE ]R");
    // Schwarz as if played out (the real record), but shortened.
    const full = summary(replayLine(lineWithId(26496)));
    expect(full).toMatchObject({ status: "played", points: 120, tricks: 10, value: 108 });
    expect(summary(replayLine(cut))).toEqual({ ...full, status: "ended_early" });
  });

  it("the split declaration (0 G, then 0 SK.S7) equals the joined one", () => {
    const joined = lineWithId(10327743).replace("0 G 0 SK.S7", "0 G.SK.S7");
    expect(summary(replayLine(joined))).toEqual(summary(replayLine(lineWithId(10327743))));
  });

  it("one defender's RE to a claim is an acceptance; play goes on until the deal is over", () => {
    const outcome = replayLine(lineWithId(4912814));
    expect(outcome.status).toBe("ended_early");
    if (outcome.status === "ended_early") {
      expect(outcome.deal.trickWinners).toHaveLength(10);
      expect(outcome.deal.yielded).toEqual([2]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Export round trip over random legal self-play

function shuffledDeck(rng: Rng): Card[] {
  const deck = Array.from({ length: 32 }, (_, card) => card);
  for (let i = 31; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [deck[i], deck[j]] = [deck[j] as Card, deck[i] as Card];
  }
  return deck;
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.nextInt(list.length)] as T;
}

const SPECIALS: readonly string[] = ["concede", "claim", "acceptClaim", "rejectClaim"];

/**
 * A random legal action, skewed so that deals look varied: bidding stops early, the skat is
 * usually picked up, and now and then anyone at the table concedes, claims or answers a claim.
 */
function randomMove(state: GameState, rng: Rng): { seat: number; action: Action } {
  const deal = state.deal as DealState;
  if (deal.phase === "play" && rng.nextInt(30) === 0) {
    const seat = pick(rng, deal.roles);
    const specials = legalActions(state, seat).filter((action) => SPECIALS.includes(action.type));
    if (specials.length > 0) return { seat, action: pick(rng, specials) };
  }
  const seat = seatToAct(state) as number;
  const legal = legalActions(state, seat);
  const ordinary = legal.filter((action) => !SPECIALS.includes(action.type));
  if (deal.phase === "bidding") {
    const pass = legal.find((action) => action.type === "pass") as Action;
    const hold = legal.find((action) => action.type === "hold");
    const bids = legal.filter((action) => action.type === "bid");
    const roll = rng.nextInt(100);
    if (hold) return { seat, action: roll < 60 ? hold : pass };
    if (roll < 45 || bids.length === 0) return { seat, action: pass };
    return { seat, action: roll < 85 ? (bids[0] as Action) : pick(rng, bids.slice(0, 12)) };
  }
  if (deal.phase === "skat") {
    const pickUp = legal.find((action) => action.type === "pickUp");
    if (pickUp && rng.nextInt(100) < 60) return { seat, action: pickUp };
  }
  return { seat, action: pick(rng, ordinary) };
}

/** Deals of `series` series of 96 deals each. */
function finishedDeals(rng: Rng, players: 3 | 4, series: number): DealState[] {
  return Array.from({ length: series }, () => seriesDeals(rng, players, 96)).flat();
}

function seriesDeals(rng: Rng, players: 3 | 4, deals: number): DealState[] {
  const created = newGame({
    players,
    deals,
    firstDealer: rng.nextInt(players),
    decks: Array.from({ length: deals }, () => shuffledDeck(rng)),
  });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const finished: DealState[] = [];
  while (!state.finished) {
    const { seat, action } = randomMove(state, rng);
    const applied = apply(state, seat, action);
    if (!applied.ok) throw new Error(`${applied.error.code} for ${JSON.stringify(action)}`);
    state = applied.value.state;
    if (applied.value.events.some((event) => event.type === "dealEnded"))
      finished.push(state.previous as DealState);
  }
  return finished;
}

describe("exportIssRecord", () => {
  const names = ["Anna", "Bert", "Cleo", "Dora"];
  const deals = [
    ...finishedDeals(Rng.fromSeed(20261130), 3, 8).map((deal) => ({ players: 3, deal })),
    ...finishedDeals(Rng.fromSeed(4), 4, 4).map((deal) => ({ players: 4, deal })),
  ];

  it("writes a record that reads back to the same result, for many random deals", () => {
    const seen = new Map<string, number>();
    const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);
    deals.forEach(({ deal }, index) => {
      const written = exportIssRecord(deal, {
        id: index,
        series: 7,
        date: "2026-11-30/12:00:00/UTC",
        names,
      });
      if (!written.ok) throw new Error(written.error.message);
      const parsed = record(written.value);
      expect(parsed.id).toBe(index);
      expect(parsed.players).toEqual(deal.roles.map((seat) => names[seat]));
      const replayed = replayIssRecord(parsed);
      const expected = dealOutcome(deal);
      expect(summary(replayed), written.value).toEqual(summary(expected));
      // The record's own R[] says the same.
      expect(recordMismatches(parsed, replayed)).toEqual([]);
      // Writing the replayed deal again gives the same moves.
      if (replayed.status !== "invalid" && replayed.status !== "penalty") {
        const again = exportIssRecord(replayed.deal);
        expect(again.ok && record(again.value).fields.MV).toBe(parsed.fields.MV);
      }
      count(expected.status);
      const declaration = deal.declaration;
      if (declaration) {
        count(
          ["clubs", "spades", "hearts", "diamonds", "grand", "null"][declaration.kind] as string,
        );
        if (declaration.hand) count("hand");
        if (declaration.ouvert) count("ouvert");
        if (declaration.schwarz) count("schwarz announced");
        if (deal.pickedUp) count("pickUp");
      }
      if (deal.result) count(deal.result.end);
      if (deal.result?.overbid) count("overbid");
    });
    // The random deals reach every kind of ending the record format has to carry.
    for (const key of [
      "passed",
      "played",
      "ended_early",
      "clubs",
      "grand",
      "null",
      "hand",
      "ouvert",
      "schwarz announced",
      "pickUp",
      "nullTrick",
      "schwarzMissed",
      "declarerConceded",
      "defendersConceded",
      "overbid",
    ]) {
      expect(seen.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  });

  it("writes the contract as the server does", () => {
    const tokens = new Set<string>();
    for (const { deal } of deals) {
      const written = exportIssRecord(deal);
      if (!written.ok) continue;
      const moves = record(written.value).moves;
      for (const move of moves)
        if (/^[GCSHDN][OHSZ]*(\.|$)/.test(move.move)) tokens.add(move.move.split(".")[0] as string);
    }
    // Suit/grand ouvert as GO/CO (hand and announcements implied); schwarz as HZ without S.
    for (const token of tokens) expect(token).toMatch(/^([CSHDG](H|HS|HZ|O)?|N(O?H?))$/);
    expect(tokens).toContain("GO");
    expect(tokens).toContain("NOH");
  });

  it("refuses a deal that is not over", () => {
    const created = newGame({
      players: 3,
      deals: 1,
      decks: [Array.from({ length: 32 }, (_, card) => card)],
    });
    if (!created.ok) throw new Error(created.error.message);
    const written = exportIssRecord(created.value.deal as DealState);
    expect(written).toMatchObject({ ok: false, error: { code: "ERR_BAD_RECORD" } });
  });

  it("writes a real record's deal back with the same moves", () => {
    const outcome = replayLine(lineWithId(4913047));
    if (outcome.status !== "played") throw new Error("expected a played deal");
    const written = exportIssRecord(outcome.deal, {
      id: 4913047,
      names: ["xskat", "xskat:2", "goskat"],
    });
    if (!written.ok) throw new Error(written.error.message);
    // The deal keeps the discards as a set: they are written in card order (D8.SK → SK.D8).
    const moves = record(lineWithId(4913047)).fields.MV?.replace("2 H.D8.SK", "2 H.SK.D8");
    expect(record(written.value).fields.MV).toBe(moves);
    expect(record(written.value).fields.R).toBe(record(lineWithId(4913047)).fields.R);
    expect(cardCode(outcome.deal.deck[0] as Card)).toBe("D7");
  });
});
