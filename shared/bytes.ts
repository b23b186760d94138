/**
 * Byte helpers for the fairness code: hex in and out, big-endian integers, concatenation.
 * Pure and allocation-light; hex parsing never throws (it returns undefined), so that
 * untrusted input can be checked without exceptions.
 */

const HEX_DIGITS = "0123456789abcdef";

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    out += (HEX_DIGITS[b >>> 4] as string) + (HEX_DIGITS[b & 15] as string);
  }
  return out;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/**
 * The bytes of a hex string (either case, even length, nothing else), or undefined if `hex` is
 * not one. With `length`, also undefined unless it decodes to exactly that many bytes.
 */
export function parseHex(hex: unknown, length?: number): Uint8Array | undefined {
  if (typeof hex !== "string" || hex.length % 2 !== 0) return undefined;
  if (length !== undefined && hex.length !== length * 2) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const hi = hexValue(hex.charCodeAt(2 * i));
    const lo = hexValue(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) return undefined;
    bytes[i] = (hi << 4) | lo;
  }
  return bytes;
}

/** The 4 bytes of an integer 0 <= n < 2^32, big-endian. */
export function uint32be(n: number): Uint8Array {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new RangeError(`uint32be: not a uint32: ${n}`);
  }
  return Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Whether two byte strings are equal (not constant-time: use only for public values). */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
