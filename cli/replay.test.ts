/** `skat replay` through the real CLI: the conformance records, bad lines, streaming, options. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseIssRecord } from "../shared/records";
import { runCli } from "./testing/run";

const recordLines = readFileSync(
  new URL("../test/fixtures/conformance/iss-games.txt", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((line) => line.trim() !== "");

/** What the CLI must print for a real record, from its R[...] and its sources.tsv label. */
function expectedLine(line: string): Record<string, unknown> {
  const parsed = parseIssRecord(line);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { id, result, moves } = parsed.value;
  if (!result) throw new Error("every conformance record has R[]");
  if (moves.some((move) => move.move === "??")) return { id, status: "invalid" };
  if (result.passed) return { id, status: "passed" };
  if (result.outcome === "penalty" || result.timedOut !== -1 || result.left !== -1)
    return { id, status: "penalty" };
  // sources.tsv labels exactly the records with SC/RE as ended_early (checked in records.test.ts).
  const shortened = moves.some((move) => move.move === "RE" || move.move.startsWith("SC"));
  return {
    id,
    status: shortened ? "ended_early" : "played",
    declarer: result.declarer,
    value: result.value,
    matadors: result.matadors,
    overbid: result.overbid,
    points: result.points,
    tricks: result.tricks,
    schneider: result.schneider,
    schwarz: result.schwarz,
  };
}

describe("skat replay", () => {
  it("prints exactly the R[...] values of every real record", () => {
    const run = runCli(["replay"], recordLines.join("\n"));
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.lines).toHaveLength(recordLines.length);
    recordLines.forEach((line, i) => {
      const expected = expectedLine(line);
      const got = run.lines[i] as Record<string, unknown>;
      if (expected.status === "invalid") {
        expect(Object.keys(got)).toEqual(["id", "status", "error"]);
        expect(got).toMatchObject(expected);
        expect(got.error).toMatch(/ERR_BAD_RECORD/);
      } else {
        // Key order and set included: nothing more, nothing less.
        expect(Object.keys(got)).toEqual(Object.keys(expected));
        expect(got).toEqual(expected);
      }
    });
    const statuses = run.lines.map((line) => line.status);
    for (const status of ["played", "ended_early", "passed", "penalty", "invalid"])
      expect(statuses).toContain(status);
  });

  it("answers every bad line with an invalid status and goes on", () => {
    const game9 = recordLines.find((line) => line.includes("ID[9]")) as string;
    const bad = [
      ["garbage", null, /ERR_BAD_RECORD/],
      ["(;GM[Skat]ID[77]MV[w CJ.SJ];)", 77, /ERR_BAD_RECORD/],
      ["(;GM[Skat]ID[78]MV[w CJ.SJ", 78, /ERR_BAD_RECORD/],
      [
        game9.replace("ID[9]", "ID[79]").replace("1 H9 2 SA", "1 H9 2 CJ"),
        79,
        /ERR_MUST_FOLLOW_SUIT/,
      ],
      [game9.replace("ID[9]", "ID[80]").replace("1 18 0 p", "1 17 0 p"), 80, /ERR_NOT_A_BID_VALUE/],
      [game9.replace("ID[9]", "ID[]"), null, null],
      ["{}", null, /ERR_BAD_RECORD/],
    ] as const;
    const input = [recordLines[1], "", ...bad.map(([line]) => line), "  ", recordLines[1]].join(
      "\r\n",
    );
    const run = runCli(["replay"], input);
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(bad.length + 2);
    expect(run.lines[0]).toMatchObject({ id: 9, status: "played", value: -96 });
    expect(run.lines.at(-1)).toEqual(run.lines[0]);
    bad.forEach(([line, id, error], i) => {
      const got = run.lines[i + 1] as Record<string, unknown>;
      expect(got.id, line).toBe(id);
      if (error === null) expect(got.status).toBe("played");
      else {
        expect(Object.keys(got)).toEqual(["id", "status", "error"]);
        expect(got.status).toBe("invalid");
        expect(got.error).toMatch(error);
      }
    });
  });

  it("streams a large input, one answer per line in order", () => {
    const lines = Array.from({ length: 150 }, () => recordLines).flat();
    const run = runCli(["replay"], `${lines.join("\n")}\n`);
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(lines.length);
    expect(run.lines.map((line) => line.id)).toEqual(
      lines.map((line) => (parseIssRecord(line) as { value: { id: unknown } }).value.id),
    );
  });

  it("--check lists no mismatches with the records' own results", () => {
    const run = runCli(["replay", "--check"], recordLines.join("\n"));
    expect(run.status).toBe(0);
    for (const line of run.lines) {
      if (line.status !== "invalid") expect(line.mismatches, String(line.id)).toEqual([]);
    }
  });

  it("an empty input gives no output", () => {
    const run = runCli(["replay"], "");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
  });

  it("rejects an unknown option as a usage error", () => {
    const run = runCli(["replay", "--bogus"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage/);
  });
});

describe("skat", () => {
  it("without a command prints the usage and fails", () => {
    const run = runCli([]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage: skat <command>/);
    expect(run.stderr).toMatch(/replay/);
    expect(run.stderr).toMatch(/score/);
  });

  it("an unknown command is a usage error naming it", () => {
    const run = runCli(["fly"], "x\n");
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/unknown command "fly"/);
    expect(run.stderr).toMatch(/usage: skat <command>/);
  });

  it("--help prints the usage and succeeds", () => {
    const run = runCli(["--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/usage: skat <command>/);
  });
});
