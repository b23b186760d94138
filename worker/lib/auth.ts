/**
 * Player tokens: `<player id>.<HMAC-SHA256(TOKEN_SECRET, player id)>`, both base64url. Verifying
 * one needs no database read; only someone who knows the Worker secret can make one.
 */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, key);
  }
  return key;
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A fresh random identifier: `bytes` random bytes in base64url. */
export function randomId(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export const PLAYER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export async function signToken(secret: string, playerId: string): Promise<string> {
  const signature = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(playerId),
  );
  return `${playerId}.${base64url(new Uint8Array(signature))}`;
}

/** The player id a token was issued for, or null for anything that is not a valid token. */
export async function verifyToken(secret: string, token: string): Promise<string | null> {
  const dot = token.indexOf(".");
  if (dot < 0 || token.length > 200) return null;
  const playerId = token.slice(0, dot);
  if (!PLAYER_ID_PATTERN.test(playerId)) return null;
  const signature = fromBase64url(token.slice(dot + 1));
  if (signature?.length !== 32) return null;
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    signature,
    encoder.encode(playerId),
  );
  return valid ? playerId : null;
}
