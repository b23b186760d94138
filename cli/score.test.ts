/**
 * `skat score` and the engine's scoreGame against conformance/vectors.json, and the CLI's input
 * checks. What each vector case really checks (and what was filled in) is spelled out in
 * cli/testing/vectors.ts; every case lists its assumptions.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hand } from "../shared/cards";
import { gameKindOf } from "../shared/games";
import { scoreGame, seegerFabian } from "../shared/scoring";
import { runCli } from "./testing/run";
import {
  convertVectors,
  isComplete,
  type ScoreInput,
  type Vector,
  type VectorCase,
} from "./testing/vectors";

const vectors = JSON.parse(
  readFileSync(new URL("../test/fixtures/conformance/vectors.json", import.meta.url), "utf8"),
) as Vector[];
const { cases, skipped } = convertVectors(vectors);

function engineScore(input: ScoreInput) {
  const kind = gameKindOf(input.game);
  if (kind === undefined) throw new Error(`bad game ${input.game}`);
  const result = scoreGame(
    {
      kind,
      hand: input.hand,
      schneider: input.schneider_announced,
      schwarz: input.schwarz_announced,
      ouvert: input.ouvert,
    },
    input.bid,
    hand(input.cards.join(" ")),
    {
      declarerPoints: input.declarer_points,
      declarerTricks: input.declarer_tricks,
      tricksPlayed: 10,
      conceded: false,
    },
  );
  return { result, seeger: seegerFabian(result, input.players) };
}

const label = (c: VectorCase) =>
  `#${c.index} ${c.description} [${c.assumptions.join("; ") || "as given"}]`;

describe("conformance vectors", () => {
  it("every vector becomes a case; the 27 complete ones (ISS records) are used unchanged", () => {
    expect(skipped).toEqual([]);
    expect(cases).toHaveLength(vectors.length);
    const complete = cases.filter((c) => c.complete);
    expect(complete).toHaveLength(vectors.filter(isComplete).length);
    expect(complete).toHaveLength(27);
    for (const c of complete) expect(c.assumptions).toEqual([]);
  });

  it.each(cases.map((c) => [label(c), c] as const))("scoreGame: %s", (_, c) => {
    const { result, seeger } = engineScore(c.input);
    const { expected } = c;
    if (expected.value !== undefined) expect(result.value).toBe(expected.value);
    if (expected.won !== undefined) expect(result.won).toBe(expected.won);
    if (expected.overbid !== undefined) expect(result.overbid).toBe(expected.overbid);
    if (expected.score !== undefined) expect(result.score).toBe(expected.score);
    if (expected.matadors !== undefined) expect(result.matadors).toBe(expected.matadors);
    if (expected.seegerFabian?.declarer !== undefined)
      expect(seeger.declarer).toBe(expected.seegerFabian.declarer);
    if (expected.seegerFabian?.others !== undefined)
      expect(seeger.others).toBe(expected.seegerFabian.others);
  });

  it("skat score gives the expected value, won, overbid, score and Seeger-Fabian for every case", () => {
    const run = runCli(["score"], cases.map((c) => JSON.stringify(c.input)).join("\n"));
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(cases.length);
    cases.forEach((c, i) => {
      const line = run.lines[i] as Record<string, unknown>;
      const seeger = line.seeger_fabian as { declarer: number; others: number };
      expect(Object.keys(line), label(c)).toEqual([
        "id",
        "value",
        "won",
        "overbid",
        "score",
        "seeger_fabian",
      ]);
      expect(line.id).toBe(c.input.id);
      const { expected } = c;
      if (expected.value !== undefined) expect(line.value, label(c)).toBe(expected.value);
      if (expected.won !== undefined) expect(line.won, label(c)).toBe(expected.won);
      if (expected.overbid !== undefined) expect(line.overbid, label(c)).toBe(expected.overbid);
      if (expected.score !== undefined) expect(line.score, label(c)).toBe(expected.score);
      if (expected.seegerFabian?.declarer !== undefined) {
        expect(seeger.declarer, label(c)).toBe(expected.seegerFabian.declarer);
      }
      if (expected.seegerFabian?.others !== undefined)
        expect(seeger.others, label(c)).toBe(expected.seegerFabian.others);
      // The CLI adds nothing of its own: its answer is the engine's.
      const { result, seeger: engine } = engineScore(c.input);
      expect(line).toEqual({
        id: c.input.id,
        value: result.value,
        won: result.won,
        overbid: result.overbid,
        score: result.score,
        seeger_fabian: { declarer: engine.declarer, others: engine.others },
      });
    });
  });
});

const good: ScoreInput = {
  id: "ok",
  cards: ["CJ", "SJ", "CA", "CT", "CK", "C9", "SA", "ST", "HA", "H7", "D7", "D8"],
  game: "clubs",
  hand: false,
  schneider_announced: false,
  schwarz_announced: false,
  ouvert: false,
  bid: 18,
  declarer_points: 75,
  declarer_tricks: 6,
  players: 3,
};

describe("skat score", () => {
  it("scores won, lost, overbid and null games with both scoring systems", () => {
    const inputs = [
      good,
      { ...good, id: "lost", declarer_points: 60, players: 4 },
      { ...good, id: "overbid", bid: 46 },
      {
        ...good,
        id: "nullHand",
        game: "null",
        hand: true,
        bid: 35,
        declarer_tricks: 0,
        declarer_points: 0,
      },
      {
        ...good,
        id: "grandOuvert",
        game: "grand",
        ouvert: true,
        hand: true,
        schneider_announced: true,
        schwarz_announced: true,
        declarer_points: 120,
        declarer_tricks: 10,
      },
      // Suit/grand ouvert implies hand, schneider and schwarz announced.
      {
        ...good,
        id: "ouvertImplied",
        game: "grand",
        ouvert: true,
        declarer_points: 120,
        declarer_tricks: 10,
      },
    ];
    const run = runCli(["score"], inputs.map((i) => JSON.stringify(i)).join("\n"));
    expect(run.status).toBe(0);
    expect(run.lines).toEqual([
      // clubs with 2: 3 × 12
      {
        id: "ok",
        value: 36,
        won: true,
        overbid: false,
        score: 36,
        seeger_fabian: { declarer: 86, others: 0 },
      },
      {
        id: "lost",
        value: 36,
        won: false,
        overbid: false,
        score: -72,
        seeger_fabian: { declarer: -122, others: 30 },
      },
      // 36 < 46: charged at 4 × 12 = 48, doubled
      {
        id: "overbid",
        value: 48,
        won: false,
        overbid: true,
        score: -96,
        seeger_fabian: { declarer: -146, others: 40 },
      },
      {
        id: "nullHand",
        value: 35,
        won: true,
        overbid: false,
        score: 35,
        seeger_fabian: { declarer: 85, others: 0 },
      },
      // grand with 2, game, hand, schneider, announced, schwarz, announced, ouvert: 9 × 24
      {
        id: "grandOuvert",
        value: 216,
        won: true,
        overbid: false,
        score: 216,
        seeger_fabian: { declarer: 266, others: 0 },
      },
      {
        id: "ouvertImplied",
        value: 216,
        won: true,
        overbid: false,
        score: 216,
        seeger_fabian: { declarer: 266, others: 0 },
      },
    ]);
  });

  it("answers every malformed line with {id, error} and goes on with the next", () => {
    const bad: [unknown, string | number | null][] = [
      ["not json", null],
      ["[1,2,3]", null],
      ["42", null],
      [{ ...good, id: 1, cards: good.cards.slice(0, 11) }, 1],
      [{ ...good, id: 2, cards: [...good.cards.slice(0, 11), "XX"] }, 2],
      [{ ...good, id: 3, cards: [...good.cards.slice(0, 11), "CJ"] }, 3],
      [{ ...good, id: 4, cards: [...good.cards.slice(0, 11), 5] }, 4],
      [{ ...good, id: 5, cards: "CJ SJ" }, 5],
      [{ ...good, id: 6, game: "ramsch" }, 6],
      [{ ...good, id: 7, game: 1 }, 7],
      [{ ...good, id: 8, hand: "true" }, 8],
      [{ ...good, id: 9, ouvert: 0 }, 9],
      [{ ...good, id: 10, bid: 19 }, 10],
      [{ ...good, id: 11, bid: "18" }, 11],
      [{ ...good, id: 12, declarer_points: 121 }, 12],
      [{ ...good, id: 13, declarer_points: -1 }, 13],
      [{ ...good, id: 14, declarer_points: 60.5 }, 14],
      [{ ...good, id: 15, declarer_tricks: 11 }, 15],
      [{ ...good, id: 16, players: 5 }, 16],
      [{ ...good, id: 17, players: "3" }, 17],
      [{ ...good, id: 18, schneider_announced: true }, 18],
      [{ ...good, id: 19, schwarz_announced: true, schneider_announced: true }, 19],
      [{ ...good, id: 20, game: "null", hand: true, schneider_announced: true, bid: 23 }, 20],
      [{ ...good, id: 21, game: "null", bid: 24 }, 21],
      [{ ...good, id: 22, game: "null", ouvert: true, hand: true, bid: 60 }, 22],
      [{ ...good, id: 23, bid: undefined }, 23],
      [{ ...good, id: 24, declarer_tricks: undefined }, 24],
      [{ ...good, id: { nested: true } }, null],
      [{ ...good, id: undefined }, null],
    ];
    const lines = bad.map(([input]) => (typeof input === "string" ? input : JSON.stringify(input)));
    lines.splice(10, 0, JSON.stringify(good), "", "   ");
    const run = runCli(
      ["score"],
      `${lines.join("\n")}\n${JSON.stringify({ ...good, id: "last" })}\n`,
    );
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(bad.length + 2);
    const answers = [...run.lines];
    const okLine = answers.splice(10, 1)[0];
    expect(okLine).toMatchObject({ id: "ok", value: 36 });
    expect(answers.pop()).toMatchObject({ id: "last", value: 36 });
    answers.forEach((answer, i) => {
      const [input, id] = bad[i] as [unknown, string | number | null];
      expect(Object.keys(answer), JSON.stringify(input)).toEqual(["id", "error"]);
      expect(answer.id).toBe(id);
      expect(typeof answer.error).toBe("string");
    });
  });

  it("a null whose value reaches the bid is accepted; the same null below the bid is not", () => {
    const nullAt = (bid: number, ouvert: boolean) => ({
      ...good,
      game: "null",
      ouvert,
      bid,
      declarer_tricks: 1,
      declarer_points: 10,
    });
    const run = runCli(
      ["score"],
      [nullAt(23, false), nullAt(24, false), nullAt(46, true), nullAt(48, true)]
        .map((i) => JSON.stringify(i))
        .join("\n"),
    );
    expect(run.lines.map((l) => l.score ?? "error")).toEqual([-46, "error", -92, "error"]);
  });

  it("rejects arguments as a usage error", () => {
    const run = runCli(["score", "--bogus"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage/);
  });
});
