import { describe, expect, it } from "vitest";

/** Whole series and CLI runs: generous, since a loaded machine can make them several times slower. */
const HEAVY_TEST_TIMEOUT = 120_000;

import { parseArgs, reportJson, runSelfplay, type SelfplayOptions } from "./selfplay";
import { runCli } from "./testing/run";

const withoutTiming = (json: Record<string, unknown>) => {
  const { seconds: _seconds, deals_per_second: _rate, ...rest } = json;
  return rest;
};

describe("skat selfplay", () => {
  it(
    "prints one JSON line with the totals",
    () => {
      const run = runCli([
        "selfplay",
        "--deals",
        "40",
        "--seed",
        "s1",
        "--players",
        "bot,random,random",
      ]);
      expect(run.status).toBe(0);
      expect(run.lines).toHaveLength(1);
      const report = run.lines[0] as Record<string, unknown>;
      expect(Object.keys(report)).toEqual([
        "deals",
        "passed_in",
        "declarer_wins",
        "declarer_losses",
        "mean_list_points_per_deal",
        "players",
        "by_kind",
        "seconds",
        "deals_per_second",
      ]);
      expect(report.deals).toBe(40);
      expect(
        (report.passed_in as number) +
          (report.declarer_wins as number) +
          (report.declarer_losses as number),
      ).toBe(40);
      expect(Object.keys(report.mean_list_points_per_deal as object).sort()).toEqual([
        "bot",
        "random",
      ]);
      expect(report.players).toEqual(["bot", "random", "random"]);
      expect(typeof report.seconds).toBe("number");
      expect(report.deals_per_second as number).toBeGreaterThan(0);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "is deterministic for a seed, timing aside",
    () => {
      const args = ["selfplay", "--deals=30", "--seed=same", "--players=bot,bot,random"];
      const first = runCli(args).lines[0] as Record<string, unknown>;
      const second = runCli(args).lines[0] as Record<string, unknown>;
      expect(withoutTiming(second)).toEqual(withoutTiming(first));
      const other = runCli([
        "selfplay",
        "--deals=30",
        "--seed=different",
        "--players=bot,bot,random",
      ]).lines[0];
      expect(withoutTiming(other as Record<string, unknown>)).not.toEqual(withoutTiming(first));
    },
    HEAVY_TEST_TIMEOUT,
  );

  it.each([
    [[], "--deals is required"],
    [["--deals", "10"], "--seed is required"],
    [["--deals", "0", "--seed", "x"], "--deals must be"],
    [["--deals", "2.5", "--seed", "x"], "--deals must be"],
    [["--deals", "ten", "--seed", "x"], "--deals must be"],
    [
      ["--deals", "5", "--seed", "x", "--players", "bot,robot,random"],
      'unknown player kind "robot"',
    ],
    [["--deals", "5", "--seed", "x", "--players", "bot,random"], "one kind or one per seat"],
    [["--deals", "5", "--seed", "x", "--deals", "6"], "--deals given twice"],
    [["--deals", "5", "--seed", "x", "--fast"], 'unknown argument "--fast"'],
    [["--deals", "5", "--seed"], "--seed needs a value"],
  ])(
    "rejects %j with a usage error (exit 2)",
    (args, message) => {
      const run = runCli(["selfplay", ...args]);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain("usage: skat selfplay");
    },
    HEAVY_TEST_TIMEOUT,
  );

  it("reads one kind for every seat, or one per seat at a three- or four-table", () => {
    const parsed = (args: string[]) => {
      const result = parseArgs(args);
      if (!result.ok) throw new Error(result.error);
      return result.options;
    };
    expect(parsed(["--deals", "3", "--seed", "x"]).players).toEqual(["random", "random", "random"]);
    expect(parsed(["--deals", "3", "--seed", "x", "--players", "bot"]).players).toEqual([
      "bot",
      "bot",
      "bot",
    ]);
    expect(
      parsed(["--deals", "3", "--seed", "x", "--players", "bot,random,bot,random"]).players,
    ).toHaveLength(4);
  });

  it(
    "plays four-tables, every kind in every position",
    () => {
      const options: SelfplayOptions = {
        deals: 48,
        seed: "four",
        players: ["bot", "random", "random", "random"],
      };
      const report = runSelfplay(options);
      expect(report.passedIn + report.declarerWins + report.declarerLosses).toBe(48);
      const json = reportJson(options, report);
      expect((json.by_kind as Record<string, { seats: number }>).random?.seats).toBe(3);
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe("the bot against two random players", () => {
  // The figure: the bot must win clearly more list points per deal than random players.
  // Deterministic for the seed; 1,500 deals put every seat in every position 500 times.
  it(
    "wins clearly more list points per deal",
    () => {
      const report = runSelfplay({
        deals: 1500,
        seed: "bot-vs-random",
        players: ["bot", "random", "random"],
      });
      const bot = report.byKind.bot;
      const random = report.byKind.random;
      if (!bot || !random) throw new Error("both kinds must be reported");
      expect(bot.meanListPointsPerDeal).toBeGreaterThan(0);
      expect(random.meanListPointsPerDeal).toBeLessThan(-100);
      expect(bot.meanListPointsPerDeal - random.meanListPointsPerDeal).toBeGreaterThan(100);
      // Its own games are won and hardly ever overbid.
      expect(bot.won).toBeGreaterThan(0.8 * bot.declared);
      expect(bot.overbid).toBeLessThanOrEqual(0.02 * bot.declared);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "between bots: most deals are played, most games won, almost none overbid",
    () => {
      const report = runSelfplay({ deals: 360, seed: "bots", players: ["bot", "bot", "bot"] });
      const bot = report.byKind.bot;
      if (!bot) throw new Error("bot must be reported");
      expect(report.passedIn).toBeLessThan(0.3 * report.deals);
      expect(bot.won).toBeGreaterThan(0.7 * bot.declared);
      expect(bot.overbid).toBeLessThanOrEqual(0.03 * bot.declared);
      expect(bot.meanListPointsPerDeal).toBeGreaterThan(0);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
