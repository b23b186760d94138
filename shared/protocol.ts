/**
 * The wire shapes. Actions: what a client may send, checked field by field before the engine
 * sees it (shape only — whether an action is allowed now is the engine's business). Views and
 * settings: what the Worker sends, as types only, so the Worker and the web client share them.
 */
import { parseCard } from "./cards";
import { ACTION_FIELDS, type Action, type ActionType, type Seat } from "./engine";
import { GAME_NAMES, type GameName } from "./games";
import { err, ok, type Result } from "./result";
import type { DealReveal, SeatView } from "./view";

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

// ---------------------------------------------------------------------------------------------
// What the server sends: one definition for the Worker that builds it and the client that reads it.

export type TableStatus = "open" | "playing" | "finished";

export interface TableSeatView {
  seat: Seat;
  name: string | null;
  bot: boolean;
  taken: boolean;
  /** The seat of whoever asked for this view. */
  you: boolean;
  /** The computer plays for this seat until its player returns. */
  away: boolean;
}

/** The table around the game: settings and seats, the same for everyone. */
export interface TableSummary {
  id: string;
  players: 3 | 4;
  deals: number;
  moveHours: number;
  status: TableStatus;
  seats: TableSeatView[];
  commitments: string[];
  /** The invite code, for players at the table who want to share the link. */
  invite?: string;
}

/** What the server does for the viewer's own seat by itself. Private to that seat. */
export interface SeatAutomationView {
  /** A card that is the only legal one is played automatically. */
  autoPlay: boolean;
  /** "I go up to N" in this deal's bidding, or null. */
  bidLimit: number | null;
  /** The computer plays for the seat until the player takes it back. */
  away: boolean;
}

/** GET /api/tables/:id, the live socket's "view" messages and the answer to an action. */
export interface TableView extends Omit<SeatView, "phase"> {
  table: TableSummary;
  version: number;
  phase: SeatView["phase"] | "waiting";
  /** When the seat to act must have moved (ISO 8601), or null. */
  deadline: string | null;
  /** Only for the viewer's own seat (null for spectators and computer seats). */
  automation: SeatAutomationView | null;
  /** Per deal (parallel to `sheet`): seats for which the computer moved (player away or late). */
  autoSeats: number[][];
}

/** GET /api/tables/:id/deals/:n */
export interface FinishedDeal {
  deal: number;
  record: string;
  reveal: DealReveal;
  proof: {
    commitment: string;
    secret: string;
    nonces: string[];
    dealNumber: number;
    deck: string[];
  };
}

export type WebhookFormat = "json" | "ntfy" | "discord" | "slack";

export interface WebhookView {
  id: string;
  url: string;
  format: WebhookFormat;
}

/** GET and PUT /api/me/settings */
export interface PlayerSettings {
  name: string;
  /** IANA time zone of the quiet hours. */
  timeZone: string;
  /** Hours 0-23; start > end wraps midnight, equal means no quiet hours. */
  quietStart: number;
  quietEnd: number;
  autoPlay: boolean;
  webhooks: WebhookView[];
  /** How many devices get Web Push notifications. */
  pushSubscriptions: number;
  /** The application server key for PushManager.subscribe (base64url). */
  vapidPublicKey: string;
}

/** PUT /api/me/settings: any of these fields. */
export type PlayerSettingsUpdate = Partial<
  Pick<PlayerSettings, "name" | "timeZone" | "quietStart" | "quietEnd" | "autoPlay">
>;

/** POST /api/me/push: a PushSubscription's toJSON(). */
export interface PushSubscriptionInput {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** POST /api/me/webhooks */
export interface WebhookInput {
  url: string;
  format: WebhookFormat;
}
