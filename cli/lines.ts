/**
 * Line-oriented I/O for the CLI: read stdin line by line as it arrives (inputs of any size) and
 * write one JSON object per line, honouring back-pressure so a slow reader never makes the
 * output pile up in memory.
 */
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

/** A command module (cli/<name>.ts) exports `run`. */
export interface Command {
  /** Runs the command with its arguments; resolves to the exit status. */
  run(args: string[]): Promise<number>;
}

/** Output is written in chunks of about this many characters. */
const CHUNK = 1 << 16;

/**
 * Calls `handle` for every non-blank line of `input` and writes what it returns as one JSON line
 * to `output`. `handle` must not throw: every line gets an answer.
 */
export async function mapLines(
  handle: (line: string) => unknown,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let pending = "";
  const flush = async () => {
    if (pending === "") return;
    const chunk = pending;
    pending = "";
    if (!output.write(chunk)) await new Promise<void>((resolve) => output.once("drain", resolve));
  };
  for await (const line of lines) {
    if (line.trim() === "") continue;
    pending += `${JSON.stringify(handle(line))}\n`;
    if (pending.length >= CHUNK) await flush();
  }
  await flush();
}

/** A message for an unexpected exception, so that one bad line never stops the run. */
export function describeThrown(thrown: unknown): string {
  return `internal error: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
}
