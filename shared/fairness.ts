/**
 * Fairness that anyone can check: the commitment scheme of DESIGN.md. Byte layouts, step by step
 * and with a worked example, are in docs/fairness.md; in short:
 *
 * - A table has a 32-byte master secret (drawn by the table's Durable Object, never shown).
 * - Deal secret k (k = 0, 1, 2, ... the deal number of the series, 0-based):
 *     dealSecret_k = HMAC-SHA256(key = master, message = "fernskat-deal" (13 ASCII bytes) || uint32be(k))
 * - Commitment k, published for every deal when the table is created:
 *     commitment_k = lowercase hex of SHA-256(dealSecret_k)
 * - Every seat adds a nonce when taking its seat: 1-64 characters of [A-Za-z0-9_-] (ASCII, so its
 *   UTF-8 bytes are its characters). The nonces are used in seat order, one per seat.
 * - Deal seed k:
 *     seed_k = SHA-256(dealSecret_k || for each nonce in seat order: uint8(length) || bytes
 *                      || uint32be(k))
 * - Deck k = shuffleDeck(seed_k) (see shuffle.ts); positions 0-9 forehand, 10-19 middlehand,
 *   20-29 rearhand, 30-31 skat.
 *
 * Once deal k is over, dealSecret_k is revealed; `verifyDeal` checks it against the published
 * commitment and recomputes the deck. Nobody could choose the deck: the table fixed the secret
 * before it saw any nonce, and every player's nonce changes the seed unpredictably.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { concatBytes, equalBytes, parseHex, toHex, uint32be } from "./bytes";
import { type Card, parseCard } from "./cards";
import { DECK_SIZE, shuffleDeck } from "./shuffle";

export { parseHex, toHex } from "./bytes";

export const SECRET_BYTES = 32;
export const DEAL_SECRET_LABEL = "fernskat-deal";
export const NONCE_MAX_LENGTH = 64;

const NONCE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `nonce` is a valid seat nonce: a string of 1-64 characters of [A-Za-z0-9_-]. */
export function isValidNonce(nonce: unknown): nonce is string {
  return typeof nonce === "string" && NONCE_PATTERN.test(nonce);
}

/**
 * A seat's promise of its nonce: hex(SHA-256(utf8(nonce))). A table's creator sends this with the
 * request that creates the table and reveals the nonce only after the commitments are published,
 * so the server cannot search for a master secret that suits the creator's nonce.
 */
export function nonceCommitment(nonce: string): string {
  return toHex(sha256(utf8ToBytes(nonce)));
}

function checkDealNumber(k: number): void {
  if (!Number.isInteger(k) || k < 0 || k > 0xffffffff) {
    throw new RangeError(`deal number must be an integer 0..2^32-1, not ${k}`);
  }
}

/** Deal secret k = HMAC-SHA256(master, "fernskat-deal" || uint32be(k)); 32 bytes. */
export function dealSecret(master: Uint8Array, k: number): Uint8Array {
  if (master.length !== SECRET_BYTES) {
    throw new RangeError(`dealSecret: the master secret must be ${SECRET_BYTES} bytes`);
  }
  checkDealNumber(k);
  return hmac(sha256, master, concatBytes(utf8ToBytes(DEAL_SECRET_LABEL), uint32be(k)));
}

/** The published commitment to a deal secret: lowercase hex of SHA-256(dealSecret). */
export function commitment(secret: Uint8Array): string {
  return toHex(sha256(secret));
}

/**
 * Seed of deal k: SHA-256(dealSecret || for each nonce: uint8(length) || bytes || uint32be(k)).
 * Throws on an invalid nonce or an empty nonce list (a caller's bug: validate with isValidNonce).
 */
export function dealSeed(secret: Uint8Array, nonces: readonly string[], k: number): Uint8Array {
  if (secret.length !== SECRET_BYTES) {
    throw new RangeError(`dealSeed: a deal secret has ${SECRET_BYTES} bytes`);
  }
  if (nonces.length === 0) throw new RangeError("dealSeed: no nonces");
  checkDealNumber(k);
  const parts: Uint8Array[] = [secret];
  for (const nonce of nonces) {
    if (!isValidNonce(nonce)) {
      throw new RangeError(`dealSeed: invalid nonce ${JSON.stringify(nonce)}`);
    }
    const bytes = utf8ToBytes(nonce);
    parts.push(Uint8Array.of(bytes.length), bytes);
  }
  parts.push(uint32be(k));
  return sha256(concatBytes(...parts));
}

/** The deck of deal k: shuffleDeck(dealSeed(secret, nonces, k)). */
export function deckFor(secret: Uint8Array, nonces: readonly string[], k: number): Card[] {
  return shuffleDeck(dealSeed(secret, nonces, k));
}

export type FairnessErrorCode = "ERR_COMMITMENT_MISMATCH" | "ERR_DECK_MISMATCH" | "ERR_BAD_PROOF";

export type VerifyResult = { ok: true } | { ok: false; code: FairnessErrorCode; message: string };

/** What a client holds after a deal: the commitment published before it, the revealed secret. */
export interface DealProof {
  /** Hex of SHA-256(deal secret), as published at table creation (either case). */
  commitment: string;
  /** The revealed deal secret, 64 hex characters. */
  secret: string;
  /** The seats' nonces in seat order. */
  nonces: readonly string[];
  /** k, the 0-based number of the deal in the series. */
  dealNumber: number;
  /** The deck that was dealt: 32 card codes (`"CJ"`) or card indices, position 0 first. */
  deck: readonly (string | number)[];
}

function bad(code: FairnessErrorCode, message: string): VerifyResult {
  return { ok: false, code, message };
}

/**
 * Checks a revealed deal: the secret matches the commitment and the deck is the one the scheme
 * gives for it. Never throws; malformed input (any field) is ERR_BAD_PROOF.
 */
export function verifyDeal(proof: DealProof): VerifyResult {
  const p = proof as Partial<Record<keyof DealProof, unknown>> | null | undefined;
  if (typeof p !== "object" || p === null) return bad("ERR_BAD_PROOF", "no proof");
  const published = parseHex(p.commitment, 32);
  if (published === undefined) {
    return bad("ERR_BAD_PROOF", "the commitment must be 64 hex characters");
  }
  const secret = parseHex(p.secret, SECRET_BYTES);
  if (secret === undefined) return bad("ERR_BAD_PROOF", "the secret must be 64 hex characters");
  const nonces = p.nonces;
  if (!Array.isArray(nonces) || nonces.length === 0) {
    return bad("ERR_BAD_PROOF", "nonces must be a non-empty list");
  }
  for (const nonce of nonces) {
    if (!isValidNonce(nonce)) {
      return bad("ERR_BAD_PROOF", "each nonce must be 1-64 characters of A-Z a-z 0-9 _ -");
    }
  }
  const k = p.dealNumber;
  if (typeof k !== "number" || !Number.isInteger(k) || k < 0 || k > 0xffffffff) {
    return bad("ERR_BAD_PROOF", "the deal number must be an integer >= 0");
  }
  const deck = parseDeck(p.deck);
  if (deck === undefined) {
    return bad("ERR_BAD_PROOF", "the deck must list each of the 32 cards exactly once");
  }
  if (!equalBytes(sha256(secret), published)) {
    return bad("ERR_COMMITMENT_MISMATCH", "the secret does not match the published commitment");
  }
  const expected = deckFor(secret, nonces as string[], k);
  for (let i = 0; i < DECK_SIZE; i++) {
    if (expected[i] !== deck[i]) {
      return bad("ERR_DECK_MISMATCH", `the deck differs from the committed deal at position ${i}`);
    }
  }
  return { ok: true };
}

/** A deck of 32 card codes or indices, each card once, as indices; undefined otherwise. */
function parseDeck(value: unknown): Card[] | undefined {
  if (!Array.isArray(value) || value.length !== DECK_SIZE) return undefined;
  const deck: Card[] = [];
  let seen = 0;
  for (const entry of value as unknown[]) {
    const card =
      typeof entry === "number" && Number.isInteger(entry) && entry >= 0 && entry < DECK_SIZE
        ? entry
        : parseCard(entry);
    if (card === undefined || (seen & (1 << card)) !== 0) return undefined;
    seen |= 1 << card;
    deck.push(card);
  }
  return deck;
}
