import { readFileSync } from "node:fs";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { parseHex, toHex } from "./bytes";
import { cardCode, cardCodes } from "./cards";
import {
  commitment,
  type DealProof,
  dealSecret,
  dealSeed,
  deckFor,
  isValidNonce,
  nonceCommitment,
  verifyDeal,
} from "./fairness";
import { shuffleDeck, splitDeck } from "./shuffle";

const master = Uint8Array.from({ length: 32 }, (_, i) => i);
const nonces = ["alice", "Bob_42", "c-3"];

function proofFor(k: number, overrides: Partial<DealProof> = {}): DealProof {
  const secret = dealSecret(master, k);
  return {
    commitment: commitment(secret),
    secret: toHex(secret),
    nonces,
    dealNumber: k,
    deck: deckFor(secret, nonces, k).map(cardCode),
    ...overrides,
  };
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

describe("isValidNonce", () => {
  it("accepts 1-64 characters of A-Z a-z 0-9 _ -", () => {
    for (const nonce of ["a", "Z", "0", "_", "-", "alice", "Bob_42", "x".repeat(64)]) {
      expect(isValidNonce(nonce)).toBe(true);
    }
  });
  it("rejects anything else", () => {
    const bad: unknown[] = ["", "x".repeat(65), "a b", "ä", "a.b", "a\n", "ab=", 42, null, ["a"]];
    for (const nonce of bad) expect(isValidNonce(nonce)).toBe(false);
  });
});

describe("deal secrets, commitments and seeds", () => {
  it("derive the deal secret as HMAC-SHA256(master, 'fernskat-deal' || uint32be(k))", () => {
    const message = Uint8Array.of(...ascii("fernskat-deal"), 0, 0, 1, 2);
    expect(dealSecret(master, 258)).toEqual(hmac(sha256, master, message));
  });

  it("give a different secret for every deal", () => {
    const secrets = new Set(Array.from({ length: 100 }, (_, k) => toHex(dealSecret(master, k))));
    expect(secrets.size).toBe(100);
  });

  it("commit to a secret by the hex of its SHA-256, and the round trip checks", () => {
    const secret = dealSecret(master, 7);
    const published = commitment(secret);
    expect(published).toMatch(/^[0-9a-f]{64}$/);
    expect(published).toBe(toHex(sha256(secret)));
    const revealed = parseHex(toHex(secret), 32);
    expect(revealed).toEqual(secret);
    expect(commitment(revealed as Uint8Array)).toBe(published);
  });

  it("build the seed from the secret, length-prefixed nonces and the deal number", () => {
    const secret = dealSecret(master, 3);
    const input = Uint8Array.of(
      ...secret,
      5,
      ...ascii("alice"),
      6,
      ...ascii("Bob_42"),
      3,
      ...ascii("c-3"),
      0,
      0,
      0,
      3,
    );
    expect(dealSeed(secret, nonces, 3)).toEqual(sha256(input));
    expect(deckFor(secret, nonces, 3)).toEqual(shuffleDeck(sha256(input)));
  });

  it("make the seed depend on each nonce, their order, their boundaries and the deal number", () => {
    const secret = dealSecret(master, 0);
    const seeds = [
      dealSeed(secret, ["ab", "c", "d"], 0),
      dealSeed(secret, ["a", "bc", "d"], 0),
      dealSeed(secret, ["c", "ab", "d"], 0),
      dealSeed(secret, ["ab", "c", "e"], 0),
      dealSeed(secret, ["ab", "c", "d"], 1),
      dealSeed(secret, ["ab", "c", "d", "x"], 0),
    ].map(toHex);
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it("throw on a caller's bug: bad master, bad nonce, no nonces, bad deal number", () => {
    const secret = dealSecret(master, 0);
    expect(() => dealSecret(new Uint8Array(16), 0)).toThrow(RangeError);
    expect(() => dealSecret(master, -1)).toThrow(RangeError);
    expect(() => dealSecret(master, 1.5)).toThrow(RangeError);
    expect(() => dealSeed(secret, ["ok", "not ok"], 0)).toThrow(RangeError);
    expect(() => dealSeed(secret, [], 0)).toThrow(RangeError);
    expect(() => dealSeed(secret, nonces, 2 ** 32)).toThrow(RangeError);
  });
});

describe("verifyDeal", () => {
  it("accepts an honest deal, with the deck as card codes or as indices", () => {
    for (let k = 0; k < 40; k++) {
      const proof = proofFor(k);
      expect(verifyDeal(proof)).toEqual({ ok: true });
      expect(verifyDeal({ ...proof, deck: deckFor(dealSecret(master, k), nonces, k) })).toEqual({
        ok: true,
      });
    }
  });

  it("accepts a commitment and a secret in upper case", () => {
    const proof = proofFor(1);
    expect(
      verifyDeal({
        ...proof,
        commitment: proof.commitment.toUpperCase(),
        secret: proof.secret.toUpperCase(),
      }),
    ).toEqual({ ok: true });
  });

  it("rejects a secret that is not the committed one", () => {
    const other = toHex(dealSecret(master, 2));
    const result = verifyDeal(proofFor(1, { secret: other }));
    expect(result).toMatchObject({ ok: false, code: "ERR_COMMITMENT_MISMATCH" });
  });

  it("rejects a commitment published for another deal", () => {
    const result = verifyDeal(proofFor(1, { commitment: proofFor(2).commitment }));
    expect(result).toMatchObject({ ok: false, code: "ERR_COMMITMENT_MISMATCH" });
  });

  it("rejects a deck dealt with other nonces, another deal number or swapped cards", () => {
    const honest = proofFor(5);
    const swapped = [...honest.deck];
    [swapped[0], swapped[31]] = [swapped[31] as string, swapped[0] as string];
    const cases: Partial<DealProof>[] = [
      { nonces: ["alice", "Bob_43", "c-3"] },
      { nonces: ["Bob_42", "alice", "c-3"] },
      { nonces: ["alice", "Bob_42"] },
      { dealNumber: 6 },
      { deck: swapped },
    ];
    for (const change of cases) {
      expect(verifyDeal({ ...honest, ...change })).toMatchObject({
        ok: false,
        code: "ERR_DECK_MISMATCH",
      });
    }
  });

  it("rejects malformed proofs with ERR_BAD_PROOF and never throws", () => {
    const honest = proofFor(0);
    const deck = [...honest.deck];
    const cases: unknown[] = [
      { nonces: ["alice", "Bob 42", "c-3"] },
      { nonces: ["alice", "", "c-3"] },
      { nonces: [] },
      { nonces: "alice" },
      { secret: honest.secret.slice(2) },
      { secret: `${honest.secret.slice(2)}zz` },
      { secret: 42 },
      { commitment: honest.commitment.slice(1) },
      { commitment: undefined },
      { dealNumber: -1 },
      { dealNumber: 0.5 },
      { dealNumber: "0" },
      { deck: deck.slice(1) },
      { deck: [...deck.slice(1), deck[1]] },
      { deck: [...deck.slice(1), "XX"] },
      { deck: [...deck.slice(1), 32] },
      { deck: "SJ DQ" },
    ];
    for (const change of cases) {
      const proof = { ...honest, ...(change as object) } as DealProof;
      expect(verifyDeal(proof)).toMatchObject({ ok: false, code: "ERR_BAD_PROOF" });
    }
    expect(verifyDeal(null as unknown as DealProof)).toMatchObject({ code: "ERR_BAD_PROOF" });
  });

  it("explains every rejection in its message", () => {
    const result = verifyDeal(proofFor(0, { dealNumber: 1 }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/deck/);
  });
});

/** The worked example of docs/fairness.md, computed from the code. */
function exampleBlock(): string {
  const lines = [
    `master secret  ${toHex(master)}`,
    `nonces         ${nonces.map((n) => JSON.stringify(n)).join(" ")}  (seats 0, 1, 2)`,
  ];
  for (const k of [0, 1]) {
    const secret = dealSecret(master, k);
    const k32 = toHex(Uint8Array.of(k >>> 24, (k >>> 16) & 255, (k >>> 8) & 255, k & 255));
    const nonceParts = nonces.map((n) => `${toHex(Uint8Array.of(n.length))}${toHex(ascii(n))}`);
    const deck = deckFor(secret, nonces, k);
    const { hands, skat } = splitDeck(deck);
    lines.push(
      "",
      `deal ${k}`,
      `hmac message   ${toHex(ascii("fernskat-deal"))} ${k32}`,
      `deal secret    ${toHex(secret)}`,
      `commitment     ${commitment(secret)}`,
      `seed input     ${toHex(secret)} ${nonceParts.join(" ")} ${k32}`,
      `seed           ${toHex(dealSeed(secret, nonces, k))}`,
      `deck           ${deck.map(cardCode).join(" ")}`,
      `forehand       ${deck.slice(0, 10).map(cardCode).join(" ")}`,
      `middlehand     ${deck.slice(10, 20).map(cardCode).join(" ")}`,
      `rearhand       ${deck.slice(20, 30).map(cardCode).join(" ")}`,
      `skat           ${deck.slice(30).map(cardCode).join(" ")}`,
    );
    // The hands as sets are what splitDeck deals.
    expect(cardCodes(hands[0]).sort()).toEqual(deck.slice(0, 10).map(cardCode).sort());
    expect(cardCodes(skat).sort()).toEqual(deck.slice(30).map(cardCode).sort());
  }
  return `${lines.join("\n")}\n`;
}

describe("docs/fairness.md", () => {
  it("shows the worked example exactly as the code computes it", () => {
    const doc = readFileSync(new URL("../docs/fairness.md", import.meta.url), "utf8");
    const block = /```text example\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, "docs/fairness.md has a ```text example block").toBeDefined();
    expect(block).toBe(exampleBlock());
  });

  it("shows a deal that verifies", () => {
    for (const k of [0, 1]) expect(verifyDeal(proofFor(k))).toEqual({ ok: true });
  });
});

describe("nonceCommitment", () => {
  it("is the hex SHA-256 of the nonce's UTF-8 bytes", () => {
    expect(nonceCommitment("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(nonceCommitment("abd")).not.toBe(nonceCommitment("abc"));
  });
});
