import { describe, expect, it } from "vitest";
import { type Card, type CardMask, cardsOf, countCards, hand, pointsOf } from "./cards";
import { type GameKind, GRAND, NULL, playableCards, trickWinner } from "./games";
import { type PlayoutPosition, type PlayoutResult, playout, playoutStats } from "./playout";
import { Rng, rngFromBytes, rngFromHex } from "./rng";
import { shuffleDeck, splitDeck } from "./shuffle";

function seedFor(i: number): Uint8Array {
  const seed = new Uint8Array(32);
  new DataView(seed.buffer).setUint32(0, i);
  return seed;
}

/** A fresh deal from shuffleDeck, declared by a random player; forehand leads. */
function freshPosition(i: number, rng: Rng, kind?: GameKind): PlayoutPosition {
  const { hands, skat } = splitDeck(shuffleDeck(seedFor(i)));
  return {
    kind: kind ?? (rng.nextInt(6) as GameKind),
    hands,
    declarer: rng.nextInt(3) as 0 | 1 | 2,
    leader: 0,
    skatPoints: pointsOf(skat),
  };
}

/**
 * The playout rules written as plainly as possible, with arrays and trickWinner, consuming the
 * generator exactly as the kernel does: nextInt(number of legal cards) when there is a choice,
 * taking that index among the legal cards in ascending card order.
 */
function referencePlayout(position: PlayoutPosition, rng: Rng): PlayoutResult {
  const hands = [...position.hands];
  const result = {
    declarerPoints: (position.declarerPoints ?? 0) + (position.skatPoints ?? 0),
    declarerTricks: position.declarerTricks ?? 0,
    defenderPoints: 0,
    defenderTricks: 0,
  };
  let leader: number = position.leader;
  let trick: Card[] = [...(position.trick ?? [])];
  const held = hands.reduce((a, b) => a | b, 0);
  const trickMask = trick.reduce((mask, card) => mask | (1 << card), 0);
  result.defenderPoints = 120 - result.declarerPoints - pointsOf(held | trickMask);
  result.defenderTricks = 10 - countCards(hands[(leader + trick.length) % 3] as number);
  result.defenderTricks -= result.declarerTricks;
  while (true) {
    while (trick.length < 3) {
      const player = (leader + trick.length) % 3;
      const legal = cardsOf(playableCards(position.kind, hands[player] as number, trick[0] ?? -1));
      if (legal.length === 0) return result;
      const card = legal[legal.length > 1 ? rng.nextInt(legal.length) : 0] as Card;
      hands[player] = (hands[player] as number) & ~(1 << card);
      trick.push(card);
    }
    const [a, b, c] = trick as [Card, Card, Card];
    const winner = (leader + trickWinner(position.kind, a, b, c)) % 3;
    const points = pointsOf((1 << a) | (1 << b) | (1 << c));
    if (winner === position.declarer) {
      result.declarerPoints += points;
      result.declarerTricks++;
    } else {
      result.defenderPoints += points;
      result.defenderTricks++;
    }
    leader = winner;
    trick = [];
  }
}

/** Plays `cards` random legal cards from a fresh deal (with the reference rules) into a position. */
function midGamePosition(i: number, cardsToPlay: number, rng: Rng): PlayoutPosition {
  const start = freshPosition(i, rng);
  const hands = [...start.hands] as [CardMask, CardMask, CardMask];
  let leader: 0 | 1 | 2 = 0;
  let trick: Card[] = [];
  let declarerPoints = 0;
  let declarerTricks = 0;
  for (let n = 0; n < cardsToPlay; n++) {
    const player = (leader + trick.length) % 3;
    const legal = cardsOf(playableCards(start.kind, hands[player] as number, trick[0] ?? -1));
    const card = legal[rng.nextInt(legal.length)] as Card;
    hands[player] = (hands[player] as number) & ~(1 << card);
    trick.push(card);
    if (trick.length === 3) {
      const [a, b, c] = trick as [Card, Card, Card];
      leader = ((leader + trickWinner(start.kind, a, b, c)) % 3) as 0 | 1 | 2;
      if (leader === start.declarer) {
        declarerPoints += pointsOf((1 << a) | (1 << b) | (1 << c));
        declarerTricks++;
      }
      trick = [];
    }
  }
  return { ...start, hands, leader, trick, declarerPoints, declarerTricks };
}

describe("playout", () => {
  it("conserves the 120 card points and the 10 tricks, skat counted to the declarer", () => {
    const rng = Rng.fromSeed(1);
    for (let i = 0; i < 2000; i++) {
      const result = playout(freshPosition(i, rng), rng);
      expect(result.declarerPoints + result.defenderPoints).toBe(120);
      expect(result.declarerTricks + result.defenderTricks).toBe(10);
      expect(result.declarerTricks).toBeGreaterThanOrEqual(0);
      expect(result.defenderTricks).toBeGreaterThanOrEqual(0);
    }
  });

  it("plays exactly the rules: agrees card for card with a plain reference, every kind", () => {
    const setup = Rng.fromSeed(2);
    for (let i = 0; i < 600; i++) {
      const position = freshPosition(i, setup, (i % 6) as GameKind);
      const seed = setup.nextUint32();
      expect(playout(position, Rng.fromSeed(seed))).toEqual(
        referencePlayout(position, Rng.fromSeed(seed)),
      );
    }
  });

  it("continues from any point of a deal: a trick in progress, points and tricks taken", () => {
    const setup = Rng.fromSeed(3);
    for (let i = 0; i < 600; i++) {
      const position = midGamePosition(i, i % 31, setup);
      const seed = setup.nextUint32();
      const result = playout(position, Rng.fromSeed(seed));
      expect(result).toEqual(referencePlayout(position, Rng.fromSeed(seed)));
      expect(result.declarerPoints + result.defenderPoints).toBe(120);
      expect(result.declarerTricks + result.defenderTricks).toBe(10);
    }
  });

  it("returns the totals unchanged when every card has been played", () => {
    const position: PlayoutPosition = {
      kind: GRAND,
      hands: [0, 0, 0],
      declarer: 1,
      leader: 2,
      declarerPoints: 70,
      declarerTricks: 6,
      skatPoints: 10,
    };
    expect(playout(position, Rng.fromSeed(4))).toEqual({
      declarerPoints: 80,
      declarerTricks: 6,
      defenderPoints: 40,
      defenderTricks: 4,
    });
  });

  it("plays on after the null declarer's first trick (ending early is the caller's job)", () => {
    // The null declarer (forehand) must win the first trick with CA and still plays 10 tricks.
    const position: PlayoutPosition = {
      kind: NULL,
      hands: [
        hand("CA SA HA DA ST HT DT CK SK HK"),
        hand("C7 S7 H7 D7 C8 S8 H8 D8 C9 S9"),
        hand("H9 D9 CT CJ SJ HJ DJ CQ SQ HQ"),
      ],
      declarer: 0,
      leader: 0,
      skatPoints: 0,
    };
    const stats = playoutStats(position, 500, Rng.fromSeed(5));
    expect(stats.pNoTrick).toBe(0);
    const result = playout(position, Rng.fromSeed(5));
    expect(result.declarerTricks + result.defenderTricks).toBe(10);
  });

  it("is deterministic for a seed", () => {
    const position = freshPosition(7, Rng.fromSeed(6), GRAND);
    expect(playoutStats(position, 2000, Rng.fromSeed(9))).toEqual(
      playoutStats(position, 2000, Rng.fromSeed(9)),
    );
    expect(playoutStats(position, 2000, Rng.fromSeed(9))).not.toEqual(
      playoutStats(position, 2000, Rng.fromSeed(10)),
    );
  });

  it("rejects inconsistent positions (a caller's bug)", () => {
    const { hands } = splitDeck(shuffleDeck(seedFor(0)));
    const base: PlayoutPosition = { kind: 0, hands, declarer: 0, leader: 0 };
    const [h0, h1, h2] = hands;
    const lowest = (mask: number): Card => cardsOf(mask)[0] as Card;
    const bad: PlayoutPosition[] = [
      { ...base, hands: [h0, h1 | (h0 & -h0), h2] }, // a card in two hands
      { ...base, hands: [h0 & (h0 - 1), h1, h2] }, // forehand short of a card, nobody played
      { ...base, trick: [lowest(h0)] }, // trick card still in the leader's hand
      { ...base, hands: [h0 & (h0 - 1), h1, h2], trick: [lowest(h0), lowest(h1)] },
      { ...base, kind: 6 as GameKind },
      { ...base, declarer: 3 as 0 },
      { ...base, declarerTricks: 1 }, // no trick was played yet
      { ...base, declarerPoints: 100, skatPoints: 30 },
    ];
    for (const position of bad) expect(() => playout(position, Rng.fromSeed(1))).toThrow();
    expect(() => playoutStats(base, 0, Rng.fromSeed(1))).toThrow();
  });
});

describe("playoutStats", () => {
  it("aggregates playouts exactly as single playouts add up", () => {
    const position = freshPosition(11, Rng.fromSeed(12), 2);
    const stats = playoutStats(position, 3000, Rng.fromSeed(13));
    const rng = Rng.fromSeed(13);
    let points = 0;
    let tricks = 0;
    const counts = { win: 0, schneider: 0, schwarz: 0, declarerSchneider: 0, noTrick: 0 };
    for (let i = 0; i < 3000; i++) {
      const result = playout(position, rng);
      points += result.declarerPoints;
      tricks += result.declarerTricks;
      if (result.declarerPoints >= 61) counts.win++;
      if (result.declarerPoints >= 90) counts.schneider++;
      if (result.declarerTricks === 10) counts.schwarz++;
      if (result.declarerPoints <= 30) counts.declarerSchneider++;
      if (result.declarerTricks === 0) counts.noTrick++;
    }
    expect(stats).toEqual({
      playouts: 3000,
      meanDeclarerPoints: points / 3000,
      meanDeclarerTricks: tricks / 3000,
      pWin: counts.win / 3000,
      pSchneider: counts.schneider / 3000,
      pSchwarz: counts.schwarz / 3000,
      pDeclarerSchneider: counts.declarerSchneider / 3000,
      pNoTrick: counts.noTrick / 3000,
    });
  });

  it("matches a hand-computed probability: one trick, one random choice", () => {
    // Grand, two tricks left, all clubs, everyone must follow. The declarer (forehand, to lead)
    // holds CA C7, middlehand CT C8, rearhand C9 CQ. If he plays CA first he wins trick 1 and
    // loses trick 2 (he must lead C7); if he plays C7 first he loses trick 1 and wins trick 2
    // with CA. Either way he takes exactly one trick: CA plus one random card of each defender,
    // 11 + (10 + 0) / 2 + (0 + 3) / 2 = 17.5 points on average.
    const position: PlayoutPosition = {
      kind: GRAND,
      hands: [hand("CA C7"), hand("CT C8"), hand("C9 CQ")],
      declarer: 0,
      leader: 0,
      declarerPoints: 60,
      declarerTricks: 8,
      skatPoints: 0,
    };
    const stats = playoutStats(position, 40_000, Rng.fromSeed(15));
    expect(stats.meanDeclarerTricks).toBe(9);
    expect(stats.meanDeclarerPoints).toBeCloseTo(77.5, 0);
    // At least 60 + 11, at most 60 + 24 points.
    expect(stats.pWin).toBe(1);
    expect(stats.pSchneider).toBe(0);
  });

  it("gives the declarer every trick when he holds every trump and leads", () => {
    // Grand, 2 tricks left: declarer holds CJ SJ; the defenders HJ DJ and two aces; he leads.
    const position: PlayoutPosition = {
      kind: GRAND,
      hands: [hand("CJ SJ"), hand("HJ CA"), hand("DJ SA")],
      declarer: 0,
      leader: 0,
      declarerPoints: 80,
      declarerTricks: 8,
      skatPoints: 0,
    };
    const stats = playoutStats(position, 1000, Rng.fromSeed(16));
    expect(stats.pSchwarz).toBe(1);
    expect(stats.meanDeclarerPoints).toBe(80 + 2 + 2 + 2 + 2 + 11 + 11);
    expect(stats.pSchneider).toBe(1);
  });
});

describe("Rng (xoshiro128**)", () => {
  it("matches the reference implementation's output for the state 1, 2, 3, 4", () => {
    const rng = new Rng(1, 2, 3, 4);
    expect(Array.from({ length: 6 }, () => rng.nextUint32())).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492,
    ]);
  });

  it("saves and resumes its state as four plain numbers", () => {
    const rng = Rng.fromSeed(99);
    rng.nextUint32();
    const state = rng.state();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    const resumed = Rng.fromState(state);
    const clone = rng.clone();
    const next = [rng.nextUint32(), rng.nextUint32()];
    expect([resumed.nextUint32(), resumed.nextUint32()]).toEqual(next);
    expect([clone.nextUint32(), clone.nextUint32()]).toEqual(next);
    for (const word of state) expect(word >>> 0).toBe(word);
  });

  it("derives generators from seeds, bytes and hex deterministically", () => {
    expect(Rng.fromSeed(5).nextUint32()).toBe(Rng.fromSeed(5).nextUint32());
    expect(Rng.fromSeed(5).nextUint32()).not.toBe(Rng.fromSeed(6).nextUint32());
    expect(rngFromHex("00ff").state()).toEqual(rngFromBytes(Uint8Array.of(0, 255)).state());
    expect(() => rngFromHex("0g")).toThrow();
    // The all-zero state, a fixed point of xoshiro, is avoided.
    expect(new Rng(0, 0, 0, 0).state()).toEqual([1, 0, 0, 0]);
    const zero = new Rng(0, 0, 0, 0);
    expect(Array.from({ length: 4 }, () => zero.nextUint32()).some((x) => x !== 0)).toBe(true);
  });

  it("draws integers in range, without bias (chi-square, fixed seed)", () => {
    const rng = Rng.fromSeed(7);
    for (const n of [1, 2, 3, 7, 10, 1000, 2 ** 21, 2 ** 21 + 1, 3_000_000_019, 2 ** 32]) {
      for (let i = 0; i < 200; i++) {
        const x = rng.nextInt(n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const x = rng.nextInt(10);
      counts[x] = (counts[x] as number) + 1;
    }
    const chi = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(40); // 9 degrees of freedom: p < 1e-5
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1]) {
      expect(() => rng.nextInt(bad)).toThrow(RangeError);
    }
  });
});
