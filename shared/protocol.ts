/**
 * The wire shape of actions: what a client may send, checked field by field before the engine
 * sees it. Shape only — whether an action is allowed now is the engine's business.
 */
import { parseCard } from "./cards";
import { ACTION_FIELDS, type Action, type ActionType } from "./engine";
import { GAME_NAMES, type GameName } from "./games";
import { err, ok, type Result } from "./result";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A well-formed action, or ERR_BAD_ACTION / ERR_UNKNOWN_ACTION / ERR_BAD_CARD saying what is wrong. */
export function parseAction(input: unknown): Result<Action> {
  if (!isPlainObject(input)) return err("ERR_BAD_ACTION", "an action is an object with a type");
  const type = input.type;
  if (typeof type !== "string" || !Object.hasOwn(ACTION_FIELDS, type)) {
    return err("ERR_UNKNOWN_ACTION", `unknown action type: ${JSON.stringify(type) ?? "none"}`);
  }
  const allowed = ACTION_FIELDS[type as ActionType];
  for (const key of Object.keys(input)) {
    if (!allowed.includes(key))
      return err("ERR_BAD_ACTION", `unexpected field in a ${type} action: ${key}`);
  }
  switch (type as ActionType) {
    case "bid": {
      const value = input.value;
      if (typeof value !== "number" || !Number.isInteger(value)) {
        return err("ERR_BAD_ACTION", "a bid needs an integer value");
      }
      return ok({ type: "bid", value });
    }
    case "discard": {
      const cards = input.cards;
      if (!Array.isArray(cards) || cards.length !== 2) {
        return err("ERR_BAD_ACTION", "a discard names exactly two cards");
      }
      const [first, second] = cards as unknown[];
      if (parseCard(first) === undefined || parseCard(second) === undefined) {
        return err(
          "ERR_BAD_CARD",
          "a card code is a suit C S H D and a rank 7 8 9 T J Q K A, e.g. CJ",
        );
      }
      return ok({ type: "discard", cards: [first as string, second as string] });
    }
    case "declare": {
      const game = input.game;
      if (typeof game !== "string" || !(GAME_NAMES as readonly string[]).includes(game)) {
        return err("ERR_BAD_ACTION", `game must be one of ${GAME_NAMES.join(", ")}`);
      }
      const flags = { hand: false, schneider: false, schwarz: false, ouvert: false };
      for (const flag of ["hand", "schneider", "schwarz", "ouvert"] as const) {
        const value = input[flag];
        if (value === undefined) continue;
        if (typeof value !== "boolean")
          return err("ERR_BAD_ACTION", `${flag} must be true or false`);
        flags[flag] = value;
      }
      return ok({ type: "declare", game: game as GameName, ...flags });
    }
    case "play": {
      if (parseCard(input.card) === undefined) {
        return err(
          "ERR_BAD_CARD",
          "a card code is a suit C S H D and a rank 7 8 9 T J Q K A, e.g. CJ",
        );
      }
      return ok({ type: "play", card: input.card as string });
    }
    default:
      return ok({ type } as Action);
  }
}
