/** The error envelope, body parsing with a size cap, and the engine-error → HTTP status map. */
import type { RuleErrorCode } from "../../shared/result";

export interface ErrorBody {
  error: { code: string; message: string };
}

/** An error that becomes `{"error": {code, message}}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}

/** Request bodies are small JSON objects; anything larger is refused unread. */
export const MAX_BODY_BYTES = 4096;

export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "ERR_CONTENT_TYPE", "send the body as application/json");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES)
    throw new ApiError(413, "ERR_BODY_TOO_LARGE", `bodies are at most ${MAX_BODY_BYTES} bytes`);
  const text = await readCapped(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "ERR_BAD_JSON", "the body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError(400, "ERR_BAD_BODY", "the body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/** Reads at most MAX_BODY_BYTES, also when no or a false Content-Length was sent. */
async function readCapped(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError(413, "ERR_BODY_TOO_LARGE", `bodies are at most ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(400, "ERR_BAD_JSON", "the body is not valid UTF-8");
  }
}

/** Rejects fields the endpoint does not know, so typos never pass silently. */
export function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key))
      throw new ApiError(400, "ERR_UNKNOWN_FIELD", `unexpected field: ${key}`);
  }
}

export function optionalInteger(
  body: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
): number | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new ApiError(400, "ERR_BAD_FIELD", `${field} must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** Engine rule errors on the wire: malformed → 400, turn or phase → 409, forbidden by the rules → 422. */
export function statusOfRuleError(code: RuleErrorCode): 400 | 403 | 409 | 422 {
  switch (code) {
    case "ERR_BAD_ACTION":
    case "ERR_UNKNOWN_ACTION":
    case "ERR_BAD_CARD":
    case "ERR_BAD_CONFIG":
      return 400;
    case "ERR_NOT_IN_DEAL":
      return 403;
    case "ERR_NOT_YOUR_TURN":
    case "ERR_WRONG_PHASE":
    case "ERR_GAME_OVER":
    case "ERR_CLAIM_PENDING":
    case "ERR_NO_CLAIM":
    case "ERR_ALREADY_CONCEDED":
      return 409;
    default:
      return 422;
  }
}
