/**
 * `tsx scripts/fit-bot-model.ts [deals] [seed]`: fits the bot's game-evaluation weights
 * (MODEL_WEIGHTS in shared/bot.ts) and prints them.
 *
 * For every deal a random seat is made declarer at 18; it plays one of the six games, picking up
 * the skat and discarding by the current model (or, for one deal in four, as a hand game), and the
 * three bots play the deal out. Each game gives one example: the features of the declarer's ten
 * cards (gameFeatures) and whether he won. A logistic regression per model (suit, grand, null) is
 * then fitted by Newton's method with a little L2 regularisation. Games the current model gives
 * less than 10% are mostly left out, so that the fit concentrates on hands a bot may really play.
 * Run it again after changing the card play, and paste the weights into MODEL_WEIGHTS.
 */
import { bestDiscard, chooseAction, gameFeatures, MODEL_WEIGHTS } from "../shared/bot";
import { type Card, cardCode, pointsOf } from "../shared/cards";
import {
  type Action,
  apply,
  type DealState,
  type GameState,
  legalActions,
  newGame,
  seatToAct,
} from "../shared/engine";
import { GAME_NAMES, type GameKind, GRAND, NULL } from "../shared/games";
import { Rng } from "../shared/rng";

type Model = "suit" | "grand" | "null";

interface Example {
  features: number[];
  won: number;
}

function must(state: GameState, seat: number, action: Action): GameState {
  const result = apply(state, seat, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.error.message}`);
  return result.value.state;
}

function randomDeck(rng: Rng): Card[] {
  const deck = Array.from({ length: 32 }, (_, card) => card);
  for (let i = 31; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [deck[i], deck[j]] = [deck[j] as Card, deck[i] as Card];
  }
  return deck;
}

/** Bidding that makes `role` the declarer at 18 (dealer seat 0: forehand 1, middlehand 2, rearhand 0). */
function auctionFor(role: number): [number, Action][] {
  const bid: Action = { type: "bid", value: 18 };
  const pass: Action = { type: "pass" };
  const seat = (r: number) => (r + 1) % 3;
  if (role === 0)
    return [
      [seat(1), pass],
      [seat(2), pass],
      [seat(0), bid],
    ];
  if (role === 1)
    return [
      [seat(1), bid],
      [seat(0), pass],
      [seat(2), pass],
    ];
  return [
    [seat(1), pass],
    [seat(2), bid],
    [seat(0), pass],
  ];
}

function declare(kind: GameKind, hand: boolean): Action {
  return {
    type: "declare",
    game: GAME_NAMES[kind],
    hand,
    schneider: false,
    schwarz: false,
    ouvert: false,
  };
}

/** Plays one forced game; returns the example or null when the deal ended unexpectedly. */
function playGame(
  deck: Card[],
  role: number,
  kind: GameKind,
  handGame: boolean,
  rng: Rng,
): Example | null {
  const created = newGame({ players: 3, deals: 1, firstDealer: 0, decks: [deck] });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (const [seat, action] of auctionFor(role)) state = must(state, seat, action);
  const seat = (role + 1) % 3;
  const deal = state.deal as DealState;
  const forehand = role === 0;
  let hand10: number;
  let skatPoints: number;
  if (handGame) {
    hand10 = deal.hands[role as 0 | 1 | 2];
    skatPoints = kind === NULL ? 0 : pointsOf(deal.skat);
    state = must(state, seat, declare(kind, true));
  } else {
    const twelve = deal.hands[role as 0 | 1 | 2] | deal.skat;
    const { discard } = bestDiscard(kind, twelve, forehand);
    const away = (1 << discard[0]) | (1 << discard[1]);
    hand10 = twelve & ~away;
    skatPoints = kind === NULL ? 0 : pointsOf(away);
    state = must(state, seat, { type: "pickUp" });
    const codes = discard.map(cardCode).sort((a, b) => a.localeCompare(b));
    const action = legalActions(state, seat).find(
      (a) =>
        a.type === "discard" &&
        [...a.cards].sort((x, y) => x.localeCompare(y)).join() === codes.join(),
    ) as Action;
    state = must(state, seat, action);
    state = must(state, seat, declare(kind, false));
  }
  while (!state.finished) {
    const toAct = seatToAct(state) as number;
    state = must(state, toAct, chooseAction(state, toAct, rng.nextUint32()));
    const pending = state.deal;
    if (pending?.claimActive) {
      for (const defender of pending.roles) {
        const now = state.deal;
        if (!now?.claimActive || defender === now.roles[now.declarer as 0 | 1 | 2]) continue;
        if (!legalActions(state, defender).some((a) => a.type === "acceptClaim")) continue;
        state = must(state, defender, chooseAction(state, defender, rng.nextUint32()));
      }
    }
  }
  const result = (state.previous as DealState).result;
  if (!result) return null;
  return { features: gameFeatures(kind, hand10, skatPoints, forehand), won: result.won ? 1 : 0 };
}

function modelOf(kind: GameKind): Model {
  return kind === NULL ? "null" : kind === GRAND ? "grand" : "suit";
}

/** Solves A x = b for a dense n x n matrix (row-major) by Gauss-Jordan with partial pivoting. */
function solve(matrix: Float64Array, rhs: Float64Array): Float64Array {
  const n = rhs.length;
  const width = n + 1;
  const m = new Float64Array(n * width);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) m[r * width + c] = matrix[r * n + c] as number;
    m[r * width + n] = rhs[r] as number;
  }
  const at = (r: number, c: number) => m[r * width + c] as number;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(at(r, col)) > Math.abs(at(pivot, col))) pivot = r;
    for (let c = 0; c < width; c++) {
      const t = at(col, c);
      m[col * width + c] = at(pivot, c);
      m[pivot * width + c] = t;
    }
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = at(r, col) / at(col, col);
      for (let c = col; c < width; c++) m[r * width + c] = at(r, c) - f * at(col, c);
    }
  }
  const x = new Float64Array(n);
  for (let r = 0; r < n; r++) x[r] = at(r, n) / at(r, r);
  return x;
}

function dot(features: readonly number[], weights: ArrayLike<number>): number {
  let z = 0;
  for (let i = 0; i < features.length; i++) z += (features[i] as number) * (weights[i] as number);
  return z;
}

/** Logistic regression by Newton's method, L2 penalty `lambda` on all weights but the bias. */
function fitLogistic(examples: Example[], d: number, lambda = 1): number[] {
  const w = new Float64Array(d);
  for (let iteration = 0; iteration < 30; iteration++) {
    const grad = new Float64Array(d);
    const hess = new Float64Array(d * d);
    for (const { features: x, won } of examples) {
      const p = 1 / (1 + Math.exp(-dot(x, w)));
      const s = Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < d; i++) {
        const xi = x[i] as number;
        grad[i] = (grad[i] as number) + (p - won) * xi;
        for (let j = 0; j < d; j++)
          hess[i * d + j] = (hess[i * d + j] as number) + s * xi * (x[j] as number);
      }
    }
    for (let i = 1; i < d; i++) {
      grad[i] = (grad[i] as number) + lambda * (w[i] as number);
      hess[i * d + i] = (hess[i * d + i] as number) + lambda;
    }
    const step = solve(hess, grad);
    let size = 0;
    for (let i = 0; i < d; i++) {
      w[i] = (w[i] as number) - (step[i] as number);
      size += Math.abs(step[i] as number);
    }
    if (size < 1e-6) break;
  }
  return Array.from(w, (x) => Math.round(x * 1000) / 1000);
}

/** Calibration table: mean predicted vs observed win rate per predicted-probability decile. */
function calibration(examples: Example[], weights: readonly number[]): string {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, won: 0 }));
  for (const { features, won } of examples) {
    const p = 1 / (1 + Math.exp(-dot(features, weights)));
    const bin = bins[Math.min(9, Math.floor(p * 10))] as { n: number; p: number; won: number };
    bin.n++;
    bin.p += p;
    bin.won += won;
  }
  return bins
    .filter((b) => b.n > 0)
    .map((b) => `${(b.p / b.n).toFixed(2)}:${(b.won / b.n).toFixed(2)}(${b.n})`)
    .join(" ");
}

const deals = Number(process.argv[2] ?? 6000);
const rng = Rng.fromSeed(Number(process.argv[3] ?? 7));
const data: Record<Model, Example[]> = { suit: [], grand: [], null: [] };
const started = performance.now();
for (let i = 0; i < deals; i++) {
  const deck = randomDeck(rng);
  const role = rng.nextInt(3);
  const handGame = rng.nextInt(4) === 0;
  for (let kind = 0 as GameKind; kind <= NULL; kind = (kind + 1) as GameKind) {
    const example = playGame(deck, role, kind, handGame, rng);
    if (!example) continue;
    const model = modelOf(kind);
    const p = 1 / (1 + Math.exp(-dot(example.features, MODEL_WEIGHTS[model])));
    // Hopeless games teach little about the hands that matter: keep one in ten. Selecting on the
    // features (not the outcome) leaves the fitted conditional probabilities unbiased.
    if (p < 0.1 && rng.nextInt(10) !== 0) continue;
    data[model].push(example);
  }
}
console.error(
  `played ${deals * 6} games in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
for (const model of ["suit", "grand", "null"] as const) {
  const examples = data[model];
  const weights = fitLogistic(examples, MODEL_WEIGHTS[model].length);
  const wins = examples.reduce((sum, e) => sum + e.won, 0);
  console.log(`${model}: [${weights.join(", ")}],`);
  console.error(`  ${model}: ${examples.length} examples, ${wins} won`);
  console.error(`  before: ${calibration(examples, MODEL_WEIGHTS[model])}`);
  console.error(`  after:  ${calibration(examples, weights)}`);
}
