/**
 * `npm run bench` (tsx scripts/bench.ts [name ...]): runs the benchmarks and prints one JSON object
 * per line, `{"name", "value", "unit"}`. With names as arguments, runs only those.
 *
 * A benchmark is a function in BENCHMARKS below returning its figures; add new ones there. Each
 * does its own warm-up and measures a fixed amount of work (sized for 2-3 s on one core here), so
 * the runs are comparable from machine to machine and from commit to commit.
 */
import { runSelfplay } from "../cli/selfplay";
import { chooseAction } from "../shared/bot";
import { type Card, pointsOf } from "../shared/cards";
import { apply, type GameState, newGame, type Seat, seatToAct } from "../shared/engine";
import type { GameKind } from "../shared/games";
import { type PlayoutPosition, playoutStats } from "../shared/playout";
import { Rng } from "../shared/rng";
import { shuffleDeck, splitDeck } from "../shared/shuffle";
import { handoffFigures } from "./handoffs";

interface Figure {
  name: string;
  value: number;
  unit: string;
}

type Benchmark = () => Figure[];

/** Seconds of wall time for `work()`. */
function time(work: () => void): number {
  const start = performance.now();
  work();
  return (performance.now() - start) / 1000;
}

/**
 * Seconds of this process's CPU time (user + system, all threads) for `work()`. For the figures
 * that claim "on one core": other load on the machine stretches wall time but not the CPU time
 * the work needs. Garbage-collector helper threads count too, so it never flatters.
 */
function cpuTime(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** Keeps results alive so that the JIT cannot drop the measured work. */
let sink = 0;

/** A deterministic 32-byte seed for deal number `i` of a benchmark. */
function seedFor(i: number): Uint8Array {
  const seed = new Uint8Array(32);
  new DataView(seed.buffer).setUint32(0, i);
  return seed;
}

/**
 * A fresh deal (from shuffleDeck), declared as a random suit or grand game by a random player,
 * forehand to lead, the original skat credited to the declarer.
 */
function randomPosition(i: number, rng: Rng): PlayoutPosition {
  const { hands, skat } = splitDeck(shuffleDeck(seedFor(i)));
  return {
    kind: rng.nextInt(5) as GameKind,
    hands,
    declarer: rng.nextInt(3) as 0 | 1 | 2,
    leader: 0,
    skatPoints: pointsOf(skat),
  };
}

/** Full 30-card random playouts through playoutStats over many different deals. */
function playoutsPerSecond(): Figure[] {
  const rng = Rng.fromSeed(20240601);
  const positions = Array.from({ length: 1000 }, (_, i) => randomPosition(i, rng));
  const run = (perPosition: number): void => {
    for (const position of positions) {
      sink += playoutStats(position, perPosition, rng).meanDeclarerPoints;
    }
  };
  run(300); // warm-up: 300,000 playouts
  const perPosition = 3000; // 3,000,000 playouts
  const seconds = time(() => run(perPosition));
  return [
    {
      name: "playouts_per_second",
      value: Math.round((positions.length * perPosition) / seconds),
      unit: "playouts/s",
    },
  ];
}

/** The fairness shuffle (SHA-256 counter mode into Fisher-Yates) on distinct seeds. */
function shufflesPerSecond(): Figure[] {
  const seeds = Array.from({ length: 1024 }, (_, i) => seedFor(i));
  const run = (count: number): void => {
    for (let i = 0; i < count; i++) sink += shuffleDeck(seeds[i & 1023] as Uint8Array)[0] as number;
  };
  run(20_000); // warm-up
  const count = 300_000;
  const seconds = time(() => run(count));
  return [{ name: "shuffles_per_second", value: Math.round(count / seconds), unit: "shuffles/s" }];
}

/**
 * Complete deals between three random players through the public `apply` (every action validated),
 * exactly as `skat selfplay --players random` plays them: decks drawn, bidding, skat, declaration,
 * every trick, scoring, series after series. Per second of CPU time (see cpuTime).
 */
function selfplayDealsPerSecond(): Figure[] {
  const players = ["random", "random", "random"] as const;
  sink += runSelfplay({ deals: 20_000, seed: "warm-up", players }).declarerWins;
  const deals = 150_000;
  const seconds = cpuTime(() => {
    sink += runSelfplay({ deals, seed: "bench", players }).declarerWins;
  });
  return [
    { name: "selfplay_deals_per_second", value: Math.round(deals / seconds), unit: "deals/s" },
  ];
}

/**
 * The bot's decisions in bot-versus-bot series (3-tables): every bidding, skat, discard,
 * declaration and card decision. Moves per second of CPU time (see cpuTime) and the mean, plus
 * the 99th percentile of the decisions timed one by one (wall time).
 */
function botMoves(): Figure[] {
  const rng = Rng.fromSeed(77);
  const durations: number[] = [];
  const playSeries = (deals: number, record: boolean): void => {
    const decks = Array.from({ length: deals }, () => {
      const deck = Array.from({ length: 32 }, (_, card) => card);
      for (let i = 31; i > 0; i--) {
        const j = rng.nextInt(i + 1);
        const card = deck[i] as Card;
        deck[i] = deck[j] as Card;
        deck[j] = card;
      }
      return deck;
    });
    const created = newGame({ players: 3, deals, decks });
    if (!created.ok) throw new Error(created.error.message);
    let state: GameState = created.value;
    while (!state.finished) {
      const seat = seatToAct(state) as Seat;
      const started = performance.now();
      const action = chooseAction(state, seat, rng.nextUint32());
      if (record) durations.push(performance.now() - started);
      const applied = apply(state, seat, action);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
    }
  };
  for (let i = 0; i < 5; i++) playSeries(36, false); // warm-up
  const seconds = cpuTime(() => {
    for (let i = 0; i < 25; i++) playSeries(36, true);
  });
  // The CPU time includes applying the moves, a small share: the figure errs on the slow side.
  const moves = durations.length;
  const sorted = [...durations].sort((a, b) => a - b);
  const p99 = sorted[Math.floor(moves * 0.99)] as number;
  return [
    { name: "bot_moves_per_second", value: Math.round(moves / seconds), unit: "moves/s" },
    { name: "bot_ms_per_move", value: Math.round((seconds / moves) * 1e6) / 1000, unit: "ms" },
    { name: "bot_ms_per_move_p99", value: Math.round(p99 * 1000) / 1000, unit: "ms" },
  ];
}

const BENCHMARKS: Record<string, Benchmark> = {
  playouts_per_second: playoutsPerSecond,
  shuffles_per_second: shufflesPerSecond,
  selfplay_deals_per_second: selfplayDealsPerSecond,
  bot_moves: botMoves,
  // Not a speed: how often a person is asked per deal, with and without the server's helpers
  // (issue 6). Counts, so the same on every machine; see scripts/handoffs.ts.
  handoffs: () => handoffFigures(2000),
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in BENCHMARKS)) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(BENCHMARKS).join(", ")}`);
    process.exit(2);
  }
}
for (const [name, benchmark] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  for (const figure of benchmark()) console.log(JSON.stringify(figure));
}
if (sink === Number.POSITIVE_INFINITY) console.error("unreachable");
