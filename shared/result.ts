/** Errors are values: every engine entry point returns a Result, and throws only on bugs. */

export type RuleErrorCode =
  | "ERR_BAD_ACTION"
  | "ERR_UNKNOWN_ACTION"
  | "ERR_BAD_CARD"
  | "ERR_GAME_OVER"
  | "ERR_NOT_IN_DEAL"
  | "ERR_NOT_YOUR_TURN"
  | "ERR_WRONG_PHASE"
  | "ERR_NOT_A_BID_VALUE"
  | "ERR_BID_TOO_LOW"
  | "ERR_BID_TOO_HIGH"
  | "ERR_MUST_ANSWER"
  | "ERR_CARD_NOT_IN_HAND"
  | "ERR_MUST_FOLLOW_SUIT"
  | "ERR_BAD_DISCARD"
  | "ERR_ILLEGAL_DECLARATION"
  | "ERR_NULL_BELOW_BID"
  | "ERR_NOT_DECLARER"
  | "ERR_NOT_DEFENDER"
  | "ERR_NO_CLAIM"
  | "ERR_CLAIM_PENDING"
  | "ERR_ALREADY_CONCEDED"
  | "ERR_BAD_CONFIG"
  /** A game record (ISS format) that cannot be read or does not match its own deal. */
  | "ERR_BAD_RECORD";

export interface RuleError {
  code: RuleErrorCode;
  message: string;
}

export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err(code: RuleErrorCode, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code, message } };
}
