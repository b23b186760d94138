/**
 * The shapes the API sends, as the client reads them. The worker's own types live next to its
 * Durable Object code (which needs the Workers runtime), so the client mirrors the few table
 * fields here and takes everything about the game itself from shared/.
 */
import type { Action, Seat } from "../../../shared/engine";
import type { DealReveal, SeatView } from "../../../shared/view";

export type { SheetEntry, Standing } from "../../../shared/engine";
export type {
  AuctionView,
  DealReveal,
  GameView,
  PlayedCard,
  TrickView,
} from "../../../shared/view";
export type { Action, Seat };

export type TableStatus = "open" | "playing" | "finished";

export interface TableSeat {
  seat: Seat;
  name: string | null;
  bot: boolean;
  taken: boolean;
  you: boolean;
}

export interface TableInfo {
  id: string;
  players: 3 | 4;
  deals: number;
  moveHours: number;
  status: TableStatus;
  seats: TableSeat[];
  commitments: string[];
  invite?: string;
}

/** GET /api/tables/:id, the live socket's "view" messages and the answer to an action. */
export interface TableView extends Omit<SeatView, "phase"> {
  table: TableInfo;
  version: number;
  phase: SeatView["phase"] | "waiting";
  deadline: string | null;
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
