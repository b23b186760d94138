/** A seat's contribution to every shuffle (docs/fairness.md): 128 random bits, base64url. */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The promise of a nonce the creator sends with a new table: hex SHA-256 of its UTF-8 bytes
 * (shared/fairness.ts nonceCommitment, here with WebCrypto so the engine's hashing stays out of
 * the first page load). The nonce itself is revealed once the table's commitments are published.
 */
export async function nonceHash(nonce: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(nonce)),
  );
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const PENDING = "fernskat.pendingNonce.";

/** A nonce promised but not yet revealed (e.g. the network failed right after creating the table). */
export function rememberPendingNonce(tableId: string, nonce: string): void {
  localStorage.setItem(PENDING + tableId, nonce);
}

export function pendingNonce(tableId: string): string | null {
  return localStorage.getItem(PENDING + tableId);
}

export function forgetPendingNonce(tableId: string): void {
  localStorage.removeItem(PENDING + tableId);
}
