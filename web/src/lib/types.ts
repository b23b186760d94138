/**
 * The shapes the API sends, as the client reads them. Everything the Worker also builds (the
 * table view, finished deals, player settings) is defined once in shared/protocol.ts; what
 * the game itself is made of comes from shared/engine.ts and shared/view.ts.
 */
import type { TableStatus } from "../../../shared/protocol";

export type { Action, Seat, SheetEntry, Standing } from "../../../shared/engine";
export type {
  FinishedDeal,
  PlayerSettings,
  PlayerSettingsUpdate,
  PushSubscriptionInput,
  SeatAutomationView,
  TableSeatView,
  TableStatus,
  TableSummary,
  TableView,
  WebhookFormat,
  WebhookInput,
  WebhookView,
} from "../../../shared/protocol";
export type {
  AuctionView,
  DealReveal,
  GameView,
  PlayedCard,
  TrickView,
} from "../../../shared/view";

export interface Player {
  id: string;
  name: string;
}

/** One row of GET /api/me's tables: "my games". */
export interface MyTable {
  id: string;
  seat: number;
  status: TableStatus;
  yourTurn: boolean;
  turn: { seat: number; name: string | null } | null;
  deadline: string | null;
  dealNumber: number;
  deals: number;
  standing: { list: number; seegerFabian: number; won: number; lost: number; rank: number } | null;
}

export interface Me {
  player: Player;
  tables: MyTable[];
}

export interface ErrorInfo {
  code: string;
  message: string;
}
