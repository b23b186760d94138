import { ApiError } from "./http";

/** A display name from a request body: trimmed, NFC, 1-32 characters that cannot hide or spoof. */
export function readName(body: Record<string, unknown>): string {
  const raw = body.name;
  if (typeof raw !== "string") throw new ApiError(400, "ERR_BAD_FIELD", "name must be a string");
  const name = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  // Letters, marks, digits, spaces and common punctuation: no control or formatting characters.
  if (name.length < 1 || name.length > 32 || !/^[\p{L}\p{M}\p{N} ._'’-]+$/u.test(name)) {
    throw new ApiError(400, "ERR_BAD_NAME", "a name is 1-32 letters, digits, spaces or . _ ' -");
  }
  return name;
}
