/**
 * `npx skat <command>`: the command-line tools. Every command reads JSON or record lines on stdin
 * and writes one JSON object per line; a bad line gets an error object and the run goes on.
 * Exit status 0 once every line is processed; 2 for a usage error.
 */

import type { Command } from "./lines";

interface CommandEntry {
  summary: string;
  load: () => Promise<Command>;
}

// One line per command: the module is loaded only when its command runs.
const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  replay: {
    summary: "replay International Skat Server records (one per line) through the engine",
    load: () => import("./replay"),
  },
  score: {
    summary: "score games given as JSON lines (cards, game, announcements, bid, points, tricks)",
    load: () => import("./score"),
  },
  selfplay: {
    summary: "play N complete deals between bots and random players; prints one JSON line",
    load: () => import("./selfplay"),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, entry]) => `  ${name.padEnd(width)}  ${entry.summary}`,
  );
  return ["usage: skat <command> [options] < input", "", "commands:", ...lines, ""].join("\n");
}

async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? process.stderr : process.stdout).write(usage());
    return name === undefined ? 2 : 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    process.stderr.write(`skat: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  const command = await entry.load();
  return command.run(rest);
}

// A reader that goes away early (`| head`) is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
