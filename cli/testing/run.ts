/** Runs the real CLI (`node cli/bin/skat.mjs`, as `npx skat` does) with the given stdin. */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../bin/skat.mjs", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed line by line. */
  lines: Record<string, unknown>[];
}

export function runCli(args: string[], input = ""): CliRun {
  const child = spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  let parsed: Record<string, unknown>[] | undefined;
  return {
    status: child.status,
    stdout: child.stdout,
    stderr: child.stderr,
    // Parsed on first use: usage output is not JSON.
    get lines() {
      parsed ??= child.stdout
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      return parsed;
    },
  };
}
