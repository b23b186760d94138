/**
 * `skat replay [--check]`: International Skat Server records on stdin, one per line; for each a
 * JSON line with what OUR engine makes of the deal (never copied from the record's R[...]):
 *   {"id","status"} with status played | ended_early | passed | penalty | invalid (+ "error"),
 *   and for played/ended_early "declarer","value","matadors","overbid","points","tricks",
 *   "schneider","schwarz".
 * `--check` adds "mismatches" (a list, empty when the engine agrees with R[...]).
 */
import {
  type IssRecord,
  parseIssRecord,
  type ReplayOutcome,
  recordMismatches,
  replayIssRecord,
} from "../shared/records";
import { describeThrown, mapLines } from "./lines";

export interface ReplayOptions {
  check: boolean;
}

export async function run(args: string[]): Promise<number> {
  const options: ReplayOptions = { check: false };
  for (const arg of args) {
    if (arg === "--check") options.check = true;
    else {
      process.stderr.write(
        `skat replay: unknown option "${arg}"\nusage: skat replay [--check] < records\n`,
      );
      return 2;
    }
  }
  await mapLines((line) => replayLine(line, options));
  return 0;
}

/** The output object for one input line. */
export function replayLine(
  line: string,
  options: ReplayOptions = { check: false },
): Record<string, unknown> {
  let id: IssRecord["id"] = null;
  try {
    const parsed = parseIssRecord(line);
    if (!parsed.ok) {
      return {
        id: idFromBrokenLine(line),
        status: "invalid",
        error: `${parsed.error.code}: ${parsed.error.message}`,
      };
    }
    id = parsed.value.id;
    const outcome = replayIssRecord(parsed.value);
    const output = describe(id, outcome);
    if (options.check) output.mismatches = recordMismatches(parsed.value, outcome);
    return output;
  } catch (thrown) {
    return { id: id ?? idFromBrokenLine(line), status: "invalid", error: describeThrown(thrown) };
  }
}

function describe(id: IssRecord["id"], outcome: ReplayOutcome): Record<string, unknown> {
  switch (outcome.status) {
    case "invalid":
      return { id, status: "invalid", error: `${outcome.error.code}: ${outcome.error.message}` };
    case "passed":
    case "penalty":
      return { id, status: outcome.status };
    default:
      return {
        id,
        status: outcome.status,
        declarer: outcome.declarer,
        value: outcome.value,
        matadors: outcome.matadors,
        overbid: outcome.overbid,
        points: outcome.points,
        tricks: outcome.tricks,
        schneider: outcome.schneider,
        schwarz: outcome.schwarz,
      };
  }
}

/** The game id of a line that is not a readable record, when one can still be seen in it. */
function idFromBrokenLine(line: string): number | null {
  const match = /(?:^|[\]\s;(])ID\[(\d+)\]/.exec(line);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}
