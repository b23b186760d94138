/**
 * `npm run bench` (tsx scripts/bench.ts [name ...]): runs the benchmarks and prints one JSON object
 * per line, `{"name", "value", "unit"}`. With names as arguments, runs only those.
 *
 * A benchmark is a function in BENCHMARKS below returning its figures; add new ones there. Each
 * does its own warm-up and measures a fixed amount of work (sized for 2-3 s on one core here), so
 * the runs are comparable from machine to machine and from commit to commit.
 */
import { pointsOf } from "../shared/cards";
import type { GameKind } from "../shared/games";
import { type PlayoutPosition, playoutStats } from "../shared/playout";
import { Rng } from "../shared/rng";
import { shuffleDeck, splitDeck } from "../shared/shuffle";

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

const BENCHMARKS: Record<string, Benchmark> = {
  playouts_per_second: playoutsPerSecond,
  shuffles_per_second: shufflesPerSecond,
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
