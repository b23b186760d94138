import { DurableObject } from "cloudflare:workers";
import { parseHex, toHex } from "../shared/bytes";
import { cardCode } from "../shared/cards";
import {
  type Action,
  apply,
  type GameState,
  newGame,
  type Seat,
  seatToAct,
  standings,
} from "../shared/engine";
import {
  commitment,
  dealSecret,
  dealSeed,
  isValidNonce,
  nonceCommitment,
} from "../shared/fairness";
import {
  type FinishedDeal,
  parseAction,
  type TableStatus,
  type TableView,
} from "../shared/protocol";
import { exportIssRecord } from "../shared/records";
import { revealDeal, viewFor } from "../shared/view";
import {
  type AutoReason,
  AWAY_AFTER_TIMEOUTS,
  automaticMove,
  automationOf,
  deadlineOf,
  reminderOf,
  type SeatAutomation,
} from "./auto";
import type { Env } from "./env";
import { type OutboxItem, writeOutboxItem } from "./lib/d1";
import { statusOfRuleError } from "./lib/http";
import { deliver, type NotifyItem } from "./notify/send";

/**
 * Version of this object's own SQLite schema. Bump it with a migration step in `load()`
 * when the tables below change; the stored value says which steps an old object still needs.
 */
export const TABLE_SCHEMA_VERSION = 3;

export interface SeatRecord {
  playerId: string | null;
  name: string | null;
  bot: boolean;
  /** The seat's contribution to every deal's shuffle (see docs/fairness.md). */
  nonce: string | null;
  /** The creator's promise of a nonce (hex SHA-256), kept until the nonce itself is revealed. */
  nonceHash?: string;
  joinedAt: number | null;
  /** What the server does for this seat by itself (absent on records from before it existed). */
  automation?: SeatAutomation;
}

/** Everything a table keeps. Never leaves this object: views are cut from it per seat. */
export interface TableRecord {
  id: string;
  invite: string;
  players: 3 | 4;
  deals: number;
  moveHours: number;
  createdBy: string;
  createdAt: number;
  /** 32-byte master secret (hex); deal k's secret is derived from it and revealed when deal k ends. */
  masterSecret: string;
  /** SHA-256 of every deal's secret, published from the start. */
  commitments: string[];
  seats: SeatRecord[];
  game: GameState | null;
  /** Counts every accepted change: joins and actions. Clients send it back with each action. */
  version: number;
  /** When the seat to act got its turn (ms since the epoch). */
  turnSince: number | null;
  finishedAt: number | null;
  /** Where the table lives (scheme and host), for links in notifications. */
  origin?: string;
  /** Per deal, the seats for which the computer moved because their player was away or late. */
  autoSeats?: number[][];
}

// The wire types live in shared/protocol.ts; re-exported for the tests that import them from here.
export type { FinishedDeal, TableStatus, TableView };

export type Failure = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 422;
  code: string;
  message: string;
  view?: TableView;
};
export type Outcome<T> = { ok: true; value: T } | Failure;

export interface CreateInput {
  id: string;
  invite: string;
  players: 3 | 4;
  deals: number;
  moveHours: number;
  bots: number;
  creator: { id: string; name: string };
  nonce?: string;
  /** Instead of the nonce: its hash; the nonce follows by `join` once the commitments are out. */
  nonceHash?: string;
  origin?: string;
  autoPlay?: boolean;
}

export interface TableInfo {
  schemaVersion: number;
  version: number;
  actions: number;
  createdAt: number;
}

/** Bots answer with a fixed public nonce so the server cannot grind a bot's nonce to pick a deck. */
export function botNonce(seat: Seat): string {
  return `bot-${seat}`;
}

const fail = (
  status: Failure["status"],
  code: string,
  message: string,
  view?: TableView,
): Failure =>
  view ? { ok: false, status, code, message, view } : { ok: false, status, code, message };

/** Outbox retries back off from 1 s to 10 min. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 10 * 60 * 1000;
/**
 * When a move changes nothing in the player index but the deadline (a human moves, the bots answer,
 * it is the human's turn again), its D1 write waits this long, so a run of moves costs one write.
 * Deadlines are hours away; a few seconds of lag in "my games" cost nothing. Each D1 write was a
 * third of the server's CPU per move in bench:api.
 */
const INDEX_DEBOUNCE_MS = 10_000;
const HOUR_MS = 3600 * 1000;

interface SocketAttachment {
  playerId: string | null;
  seat: Seat | null;
}

/**
 * One Skat table. Its record lives in this object's own SQLite storage: a single `state` row,
 * an append-only `actions` log, finished deals, and the outbox of D1 writes. Every change is
 * written in one synchronous transaction before anyone hears of it.
 */
export class Table extends DurableObject<Env> {
  private record: TableRecord | null = null;
  private createdAt = 0;
  /** The running outbox flush: one at a time, so no D1 write is made twice. */
  private flushing: Promise<number> | null = null;
  /** The last index rows queued, without deadlines: what decides whether D1 must hear at once. */
  private lastIndexKey: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Nothing else runs on this object until its storage is ready, also after an eviction.
    void ctx.blockConcurrencyWhile(async () => {
      this.load();
    });
  }

  private load(): void {
    const sql = this.ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      schema_version INTEGER NOT NULL,
      version INTEGER NOT NULL,
      json TEXT,
      created_at INTEGER NOT NULL
    )`);
    sql.exec(`CREATE TABLE IF NOT EXISTS actions (
      seq INTEGER PRIMARY KEY,
      seat INTEGER,
      action TEXT NOT NULL,
      at INTEGER NOT NULL
    )`);
    sql.exec(`CREATE TABLE IF NOT EXISTS deals (
      deal INTEGER PRIMARY KEY,
      json TEXT NOT NULL
    )`);
    sql.exec(`CREATE TABLE IF NOT EXISTS outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      json TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0
    )`);
    // Schema 3: automatic moves are marked in the log; outbox items can wait (quiet hours, retries).
    const columns = (table: string) =>
      sql
        .exec<{ name: string }>(`PRAGMA table_info(${table})`)
        .toArray()
        .map((c) => c.name);
    if (!columns("actions").includes("auto")) sql.exec("ALTER TABLE actions ADD COLUMN auto TEXT");
    if (!columns("outbox").includes("next_at")) {
      sql.exec("ALTER TABLE outbox ADD COLUMN next_at INTEGER NOT NULL DEFAULT 0");
    }
    sql.exec(
      `INSERT OR IGNORE INTO state (id, schema_version, version, json, created_at)
       VALUES (1, ?, 0, NULL, ?)`,
      TABLE_SCHEMA_VERSION,
      Date.now(),
    );
    sql.exec("UPDATE state SET schema_version = ? WHERE id = 1", TABLE_SCHEMA_VERSION);
    const row = sql
      .exec<{ json: string | null; created_at: number }>(
        "SELECT json, created_at FROM state WHERE id = 1",
      )
      .one();
    this.createdAt = row.created_at;
    this.record = row.json ? (JSON.parse(row.json) as TableRecord) : null;
  }

  /** RPC: what this table has stored (for tests and operations). */
  async info(): Promise<TableInfo> {
    const sql = this.ctx.storage.sql;
    const { n } = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM actions").one();
    const { version } = sql
      .exec<{ version: number }>("SELECT version FROM state WHERE id = 1")
      .one();
    return {
      schemaVersion: TABLE_SCHEMA_VERSION,
      version,
      actions: n,
      createdAt: this.createdAt,
    };
  }

  // -------------------------------------------------------------------------------------------
  // RPC: table lifecycle

  async create(input: CreateInput): Promise<Outcome<{ seat: Seat; commitments: string[] }>> {
    if (this.record) return fail(409, "ERR_TABLE_EXISTS", "this table already exists");
    const master = crypto.getRandomValues(new Uint8Array(32));
    const commitments = Array.from({ length: input.deals }, (_, k) =>
      commitment(dealSecret(master, k)),
    );
    const now = Date.now();
    const seats: SeatRecord[] = Array.from({ length: input.players }, () => ({
      playerId: null,
      name: null,
      bot: false,
      nonce: null,
      joinedAt: null,
    }));
    seats[0] = {
      playerId: input.creator.id,
      name: input.creator.name,
      bot: false,
      nonce: input.nonceHash ? null : (input.nonce ?? randomNonce()),
      ...(input.nonceHash ? { nonceHash: input.nonceHash } : {}),
      joinedAt: now,
      automation: { ...automationOf({}), autoPlay: input.autoPlay ?? true },
    };
    for (let seat = 1; seat <= input.bots; seat++) {
      seats[seat] = {
        playerId: null,
        name: `Computer ${seat}`,
        bot: true,
        nonce: botNonce(seat),
        joinedAt: now,
      };
    }
    const record: TableRecord = {
      id: input.id,
      invite: input.invite,
      players: input.players,
      deals: input.deals,
      moveHours: input.moveHours,
      createdBy: input.creator.id,
      createdAt: now,
      masterSecret: toHex(master),
      commitments,
      seats,
      game: null,
      version: 1,
      turnSince: null,
      finishedAt: null,
      autoSeats: [],
      ...(input.origin ? { origin: input.origin } : {}),
    };
    const changes = this.startIfFull(record, now, 0);
    this.commit(record, changes, [{ kind: "table" }, ...changes.outbox]);
    return { ok: true, value: { seat: 0, commitments } };
  }

  async join(
    player: { id: string; name: string; autoPlay?: boolean },
    invite: string,
    nonce?: string,
  ): Promise<Outcome<{ seat: Seat }>> {
    const record = this.record;
    if (!record) return fail(404, "ERR_TABLE_NOT_FOUND", "no such table");
    if (!sameSecret(invite, record.invite))
      return fail(403, "ERR_BAD_INVITE", "this invite is not valid for the table");
    const existing = record.seats.findIndex((seat) => seat.playerId === player.id);
    if (existing >= 0) return this.revealNonce(record, existing, nonce);
    const free = record.seats.findIndex((seat) => !seat.bot && seat.playerId === null);
    if (free < 0) return fail(409, "ERR_TABLE_FULL", "every seat at this table is taken");
    if (nonce !== undefined && !isValidNonce(nonce))
      return fail(400, "ERR_BAD_NONCE", "a nonce is 1-64 characters of A-Z a-z 0-9 _ -");
    const now = Date.now();
    record.seats[free] = {
      playerId: player.id,
      name: player.name,
      bot: false,
      nonce: nonce ?? randomNonce(),
      joinedAt: now,
      automation: { ...automationOf({}), autoPlay: player.autoPlay ?? true },
    };
    record.version++;
    const changes = this.startIfFull(record, now, free);
    this.commit(record, changes, [{ kind: "table" }, ...changes.outbox]);
    return { ok: true, value: { seat: free } };
  }

  /**
   * The creator promised a nonce by its hash when creating the table; revealing it (by joining
   * again) completes the seat, and the series starts once every seat is complete.
   */
  private revealNonce(
    record: TableRecord,
    seat: Seat,
    nonce: string | undefined,
  ): Outcome<{ seat: Seat }> {
    const seatRecord = record.seats[seat] as SeatRecord;
    if (seatRecord.nonce !== null || !seatRecord.nonceHash || nonce === undefined) {
      return { ok: true, value: { seat } };
    }
    if (!isValidNonce(nonce) || nonceCommitment(nonce) !== seatRecord.nonceHash) {
      return fail(
        400,
        "ERR_NONCE_MISMATCH",
        "this nonce does not match the hash sent when the table was created",
      );
    }
    seatRecord.nonce = nonce;
    record.version++;
    const changes = this.startIfFull(record, Date.now(), seat);
    this.commit(record, changes, [{ kind: "table" }, ...changes.outbox]);
    return { ok: true, value: { seat } };
  }

  /** The caller's view: their seat's, or a spectator's for someone who knows the invite. */
  async view(playerId: string | null, invite: string | null): Promise<Outcome<TableView>> {
    const access = this.access(playerId, invite);
    if (!access.ok) return access;
    return { ok: true, value: this.viewOf(access.value, playerId) };
  }

  async act(playerId: string, version: unknown, input: unknown): Promise<Outcome<TableView>> {
    const record = this.record;
    if (!record) return fail(404, "ERR_TABLE_NOT_FOUND", "no such table");
    const seat = record.seats.findIndex((s) => s.playerId === playerId);
    if (seat < 0) return fail(403, "ERR_NOT_SEATED", "you have no seat at this table");
    const parsed = parseAction(input);
    if (!parsed.ok) return fail(400, parsed.error.code, parsed.error.message);
    if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
      return fail(400, "ERR_BAD_FIELD", "version must be the table version your view showed");
    }
    if (version !== record.version) {
      return fail(
        409,
        "ERR_STALE_VERSION",
        "the table has moved on; here is the current view",
        this.viewOf(seat, playerId),
      );
    }
    if (!record.game)
      return fail(409, "ERR_NOT_STARTED", "the first deal starts when every seat is taken");
    const result = apply(record.game, seat, parsed.value);
    if (!result.ok)
      return fail(statusOfRuleError(result.error.code), result.error.code, result.error.message);
    const now = Date.now();
    const changes = newChanges(record, seat);
    try {
      // A player who acts is back: no more computer moves for them, the count of missed deadlines restarts.
      const seatRecord = record.seats[seat] as SeatRecord;
      seatRecord.automation = { ...automationOf(seatRecord), timeouts: 0, away: false };
      this.accept(record, seat, parsed.value, result.value.state, now, changes, null);
      this.runAutomatic(record, now, changes);
      this.commit(record, changes, changes.outbox);
    } catch (error) {
      // The record was changed in place; storage still holds the last committed one.
      this.load();
      throw error;
    }
    return { ok: true, value: this.viewOf(seat, playerId) };
  }

  /** A player's preferences changed elsewhere (their name, automatic play of forced cards). */
  async updateSeat(
    playerId: string,
    update: { name?: string; autoPlay?: boolean },
  ): Promise<boolean> {
    const record = this.record;
    const seat = record ? record.seats.findIndex((s) => s.playerId === playerId) : -1;
    if (!record || seat < 0) return false;
    const seatRecord = record.seats[seat] as SeatRecord;
    if (update.name !== undefined) seatRecord.name = update.name;
    if (update.autoPlay !== undefined)
      seatRecord.automation = { ...automationOf(seatRecord), autoPlay: update.autoPlay };
    const changes = newChanges(record, seat);
    record.version++;
    this.runAutomatic(record, Date.now(), changes);
    this.commit(record, changes, [{ kind: "table" }, ...changes.outbox]);
    return true;
  }

  /**
   * "I go up to N" for the current deal (null clears it): the server bids and holds for the seat
   * up to N and passes above it. Private to the seat.
   */
  async setBidLimit(playerId: string, limit: number | null): Promise<Outcome<TableView>> {
    const record = this.record;
    if (!record) return fail(404, "ERR_TABLE_NOT_FOUND", "no such table");
    const seat = record.seats.findIndex((s) => s.playerId === playerId);
    if (seat < 0) return fail(403, "ERR_NOT_SEATED", "you have no seat at this table");
    const game = record.game;
    if (game === null || game.deal?.phase !== "bidding") {
      return fail(409, "ERR_WRONG_PHASE", "a bid limit can be set while the bidding runs");
    }
    if (limit !== null && (!Number.isInteger(limit) || limit < 18 || limit > 264)) {
      return fail(400, "ERR_BAD_FIELD", "limit must be a bid value from 18 to 264, or null");
    }
    const seatRecord = record.seats[seat] as SeatRecord;
    seatRecord.automation = {
      ...automationOf(seatRecord),
      bidLimit: limit === null ? null : { deal: game.dealNumber, value: limit },
    };
    const now = Date.now();
    const changes = newChanges(record, seat);
    record.version++;
    this.runAutomatic(record, now, changes);
    this.commit(record, changes, changes.outbox);
    return { ok: true, value: this.viewOf(seat, playerId) };
  }

  /** The player takes their seat back from the computer after being away. */
  async comeBack(playerId: string): Promise<Outcome<TableView>> {
    const record = this.record;
    if (!record) return fail(404, "ERR_TABLE_NOT_FOUND", "no such table");
    const seat = record.seats.findIndex((s) => s.playerId === playerId);
    if (seat < 0) return fail(403, "ERR_NOT_SEATED", "you have no seat at this table");
    const seatRecord = record.seats[seat] as SeatRecord;
    seatRecord.automation = { ...automationOf(seatRecord), timeouts: 0, away: false };
    record.version++;
    this.commit(record, newChanges(record, seat), []);
    return { ok: true, value: this.viewOf(seat, playerId) };
  }

  async finishedDeal(
    playerId: string | null,
    invite: string | null,
    deal: number,
  ): Promise<Outcome<FinishedDeal>> {
    const access = this.access(playerId, invite);
    if (!access.ok) return access;
    const row = this.ctx.storage.sql
      .exec<{ json: string }>("SELECT json FROM deals WHERE deal = ?", deal)
      .toArray()[0];
    if (!row)
      return fail(404, "ERR_DEAL_NOT_FOUND", "that deal is not finished (or does not exist)");
    return { ok: true, value: JSON.parse(row.json) as FinishedDeal };
  }

  // -------------------------------------------------------------------------------------------
  // Live updates: hibernatable WebSockets

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket")
      return new Response("expected a WebSocket", { status: 426 });
    const url = new URL(request.url);
    const playerId = request.headers.get("X-Fernskat-Player");
    const access = this.access(playerId, url.searchParams.get("invite"));
    if (!access.ok)
      return Response.json(
        { error: { code: access.code, message: access.message } },
        { status: access.status },
      );
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ playerId, seat: access.value } satisfies SocketAttachment);
    server.send(JSON.stringify({ type: "view", view: this.viewOf(access.value, playerId) }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as SocketAttachment;
    const sendError = (code: string, text: string, view?: TableView) =>
      ws.send(
        JSON.stringify({
          type: "error",
          error: { code, message: text },
          ...(view ? { view } : {}),
        }),
      );
    if (typeof message !== "string" || message.length > 4096)
      return sendError("ERR_BAD_MESSAGE", "send JSON text of at most 4096 bytes");
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return sendError("ERR_BAD_JSON", "the message is not valid JSON");
    }
    if (
      typeof parsed !== "object" ||
      parsed === null ||
      (parsed as { type?: unknown }).type !== "action"
    ) {
      return sendError("ERR_BAD_MESSAGE", 'send {"type":"action","version":n,"action":{...}}');
    }
    const { version, action, ...rest } = parsed as {
      version?: unknown;
      action?: unknown;
      type: string;
    };
    if (Object.keys(rest).some((key) => key !== "type"))
      return sendError("ERR_UNKNOWN_FIELD", "unexpected field in the message");
    if (!attachment.playerId) return sendError("ERR_SPECTATOR", "spectators cannot act");
    // Frames count against the same per-player limit as HTTP requests.
    const { success } = await this.env.TOKEN_LIMITER.limit({ key: attachment.playerId });
    if (!success) return sendError("ERR_RATE_LIMITED", "too many requests; wait a few seconds");
    const outcome = await this.act(attachment.playerId, version, action);
    if (!outcome.ok) sendError(outcome.code, outcome.message, outcome.view);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake, or the client waits in CLOSING (STACK.md, gotcha 10).
    ws.close(code === 1005 ? 1000 : code, reason);
  }

  private broadcast(): void {
    const views = new Map<string, string>();
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as SocketAttachment | null;
      if (!attachment) continue;
      const key = `${attachment.seat}:${attachment.playerId}`;
      let text = views.get(key);
      if (text === undefined) {
        text = JSON.stringify({
          type: "view",
          view: this.viewOf(attachment.seat, attachment.playerId),
        });
        views.set(key, text);
      }
      try {
        ws.send(text);
      } catch {
        // A socket that is already closing misses this view; it gets a fresh one on reconnect.
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Side effects: the outbox of D1 writes, retried from the alarm until they succeed

  /**
   * The one alarm covers everything due: computer moves for a seat whose deadline passed, the
   * half-time reminder, and outbox items waiting for a retry or for the end of quiet hours.
   */
  override async alarm(): Promise<void> {
    const record = this.record;
    if (record?.game && !record.game.finished) {
      const now = Date.now();
      const changes = newChanges(record, null);
      const versionBefore = record.version;
      try {
        this.runAutomatic(record, now, changes);
        const reminded = this.queueReminder(record, now, changes);
        if (record.version !== versionBefore || reminded)
          this.commit(record, changes, changes.outbox);
      } catch (error) {
        this.load();
        throw error;
      }
    }
    await this.flushOutbox();
    await this.scheduleAlarm();
  }

  /** Half the time for a move is gone: remind the player to act, once per turn. */
  private queueReminder(record: TableRecord, now: number, changes: Changes): boolean {
    const game = record.game;
    const seat = game ? seatToAct(game) : null;
    const reminderAt = reminderOf(record);
    if (seat === null || reminderAt === null || now < reminderAt) return false;
    const seatRecord = record.seats[seat];
    if (!seatRecord?.playerId || seatRecord.bot) return false;
    const automation = automationOf(seatRecord);
    if (automation.away || automation.remindedTurn === record.turnSince) return false;
    seatRecord.automation = { ...automation, remindedTurn: record.turnSince };
    changes.outbox.push(
      notifyItem(record, seatRecord.playerId, "reminder", [reminderText(record)]),
    );
    return true;
  }

  /** Sets the alarm for the next thing due, unless an earlier one is already set. */
  private async scheduleAlarm(): Promise<void> {
    const record = this.record;
    const due: number[] = [];
    const seat = record?.game ? seatToAct(record.game) : null;
    const seatRecord = seat === null ? undefined : record?.seats[seat];
    if (record && seatRecord && !seatRecord.bot && !automationOf(seatRecord).away) {
      const deadline = deadlineOf(record);
      const reminderAt = reminderOf(record);
      if (deadline !== null) due.push(deadline);
      if (reminderAt !== null && automationOf(seatRecord).remindedTurn !== record.turnSince)
        due.push(reminderAt);
    }
    const pending = this.ctx.storage.sql
      .exec<{ at: number | null }>("SELECT MIN(next_at) AS at FROM outbox")
      .one().at;
    if (pending !== null) due.push(Math.max(pending, Date.now() + RETRY_BASE_MS));
    if (due.length > 0) await this.alarmWithin(Math.max(0, Math.min(...due) - Date.now()));
  }

  /** Sends pending outbox items; D1 writes stay in order, notifications go on their own. */
  async flushOutbox(): Promise<number> {
    while (this.flushing) await this.flushing;
    const mine = this.drainOutbox();
    this.flushing = mine;
    try {
      return await mine;
    } finally {
      if (this.flushing === mine) this.flushing = null;
    }
  }

  private async drainOutbox(): Promise<number> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    let written = 0;
    // A failed D1 write holds back the D1 writes after it (rows depend on earlier rows);
    // notifications do not wait for D1 and D1 does not wait for them.
    let d1Blocked = false;
    const items = sql
      .exec<{ id: number; kind: string; json: string; attempts: number; next_at: number }>(
        "SELECT id, kind, json, attempts, next_at FROM outbox ORDER BY id",
      )
      .toArray();
    for (const item of items) {
      const notification = item.kind === "notify";
      if (!notification && d1Blocked) continue;
      // D1 writes are tried at every flush (a move or the alarm); their next_at only sets when
      // the alarm comes back. Notifications wait for theirs: quiet hours and webhook back-off.
      if (notification && item.next_at > now) continue;
      try {
        if (notification) {
          const delivery = await deliver(
            this.env,
            JSON.parse(item.json) as NotifyItem,
            now,
            item.attempts,
          );
          if (!delivery.done) {
            sql.exec(
              "UPDATE outbox SET json = ?, next_at = ?, attempts = ? WHERE id = ?",
              JSON.stringify(delivery.item),
              delivery.retryAt,
              item.attempts + (delivery.failed ? 1 : 0),
              item.id,
            );
            continue;
          }
        } else {
          await writeOutboxItem(this.env.DB, JSON.parse(item.json) as OutboxItem);
        }
      } catch (error) {
        const attempts = item.attempts + 1;
        const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 20));
        sql.exec(
          "UPDATE outbox SET attempts = ?, next_at = ? WHERE id = ?",
          attempts,
          now + delay,
          item.id,
        );
        console.warn(
          `outbox: ${item.kind} failed (attempt ${attempts}), retrying in ${delay} ms`,
          errorSummary(error),
        );
        if (!notification) d1Blocked = true;
        continue;
      }
      sql.exec("DELETE FROM outbox WHERE id = ?", item.id);
      written++;
    }
    await this.scheduleAlarm();
    return written;
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  private access(playerId: string | null, invite: string | null): Outcome<Seat | null> {
    const record = this.record;
    if (!record) return fail(404, "ERR_TABLE_NOT_FOUND", "no such table");
    const seat = playerId ? record.seats.findIndex((s) => s.playerId === playerId) : -1;
    if (seat >= 0) return { ok: true, value: seat };
    if (invite !== null && sameSecret(invite, record.invite)) return { ok: true, value: null };
    return fail(
      403,
      "ERR_NOT_SEATED",
      "you have no seat at this table; open it with its invite link to watch",
    );
  }

  private viewOf(seat: Seat | null, playerId: string | null): TableView {
    const record = this.record as TableRecord;
    return tableView(record, seat, playerId);
  }

  /** Starts the series once every seat is taken: the decks follow from the secrets and all nonces. */
  private startIfFull(record: TableRecord, now: number, initiator: Seat): Changes {
    // The player who created or completed the table is looking at it: no "your turn" for them.
    const changes = newChanges(record, initiator);
    if (record.game || record.seats.some((seat) => seat.nonce === null)) return changes;
    const master = parseHex(record.masterSecret) as Uint8Array;
    const nonces = record.seats.map((seat) => seat.nonce as string);
    const seeds = Array.from({ length: record.deals }, (_, k) =>
      toHex(dealSeed(dealSecret(master, k), nonces, k)),
    );
    const game = newGame({ players: record.players, deals: record.deals, seeds });
    if (!game.ok) throw new Error(`cannot start a series: ${game.error.message}`);
    record.game = game.value;
    record.turnSince = now;
    this.runAutomatic(record, now, changes);
    changes.outbox.push({ kind: "table" });
    return changes;
  }

  /** Records one accepted action (state, log, finished deals) in the pending changes. */
  private accept(
    record: TableRecord,
    seat: Seat,
    action: Action,
    next: GameState,
    now: number,
    changes: Changes,
    auto: AutoReason | null,
  ): void {
    const before = record.game as GameState;
    const previousToAct = seatToAct(before);
    record.game = next;
    record.version++;
    changes.actions.push({ seq: record.version, seat, action, at: now, auto });
    if (auto === "away" || auto === "timeout") {
      // The score sheet marks deals in which the computer stood in for a person.
      const marks = record.autoSeats ?? [];
      const forDeal = marks[before.dealNumber] ?? [];
      if (!forDeal.includes(seat)) forDeal.push(seat);
      marks[before.dealNumber] = forDeal;
      record.autoSeats = marks;
    }
    if (next.dealNumber !== before.dealNumber && next.previous) {
      const finished = this.finishDeal(record, next, before.dealNumber, now);
      changes.deals.push(finished);
      changes.outbox.push({ kind: "deal", deal: finished.deal });
      if (next.finished) {
        record.finishedAt = now;
        changes.outbox.push({ kind: "series" });
      }
    }
    // Every move has its own time, also the next one of a seat that must act again (the declarer
    // after picking up, a trick's winner leading): else one missed deadline times out all of them.
    const nextToAct = seatToAct(next);
    if (nextToAct !== previousToAct || nextToAct === seat || next.dealNumber !== before.dealNumber)
      record.turnSince = now;
  }

  private finishDeal(
    record: TableRecord,
    game: GameState,
    dealNumber: number,
    now: number,
  ): FinishedDeal {
    const deal = game.previous as NonNullable<GameState["previous"]>;
    const master = parseHex(record.masterSecret) as Uint8Array;
    const secret = dealSecret(master, dealNumber);
    const names = record.seats.map((seat) => seat.name ?? `Seat ${record.seats.indexOf(seat) + 1}`);
    const exported = exportIssRecord(deal, {
      id: `${record.id}-${dealNumber + 1}`,
      series: record.id,
      date: issDate(now),
      names,
    });
    return {
      deal: dealNumber,
      record: exported.ok ? exported.value : "",
      reveal: revealDeal(deal, dealNumber),
      proof: {
        commitment: record.commitments[dealNumber] as string,
        secret: toHex(secret),
        nonces: record.seats.map((seat) => seat.nonce as string),
        dealNumber,
        deck: deal.deck.map(cardCode),
      },
    };
  }

  /**
   * Moves the server makes by itself, each logged like any other, until a person must act:
   * computer players, seats whose player is away or late, bid limits and forced cards.
   */
  private runAutomatic(record: TableRecord, now: number, changes: Changes): void {
    for (let guard = 0; guard < 10_000; guard++) {
      const game = record.game;
      if (!game || game.finished) return;
      const move = automaticMove(
        {
          game,
          seats: record.seats,
          moveHours: record.moveHours,
          turnSince: record.turnSince,
          botSeed: `${record.masterSecret.slice(0, 16)}:${record.version}`,
        },
        now,
      );
      if (!move) return;
      const result = apply(game, move.seat, move.action);
      if (!result.ok)
        throw new Error(`automatic ${move.reason} move was refused: ${result.error.code}`);
      if (move.reason === "timeout") {
        const seatRecord = record.seats[move.seat] as SeatRecord;
        const timeouts = automationOf(seatRecord).timeouts + 1;
        seatRecord.automation = {
          ...automationOf(seatRecord),
          timeouts,
          away: timeouts >= AWAY_AFTER_TIMEOUTS,
        };
      }
      this.accept(record, move.seat, move.action, result.value.state, now, changes, move.reason);
    }
    throw new Error("automatic moves did not come to rest");
  }

  /** Persists everything at once, then tells the world: sockets now, D1 through the outbox. */
  private commit(record: TableRecord, changes: Changes, outboxItems: QueuedItem[]): void {
    const sql = this.ctx.storage.sql;
    const outbox = [...outboxItems, ...notifications(record, changes)];
    const index = this.materialise(record, { kind: "index" });
    const indexKey = JSON.stringify(
      index.kind === "index" ? index.rows?.map(({ deadlineAt: _, ...row }) => row) : null,
    );
    const urgent = outbox.length > 0 || indexKey !== this.lastIndexKey;
    this.ctx.storage.transactionSync(() => {
      sql.exec(
        "UPDATE state SET json = ?, version = ? WHERE id = 1",
        JSON.stringify(record),
        record.version,
      );
      for (const entry of changes.actions) {
        sql.exec(
          "INSERT INTO actions (seq, seat, action, at, auto) VALUES (?, ?, ?, ?, ?)",
          entry.seq,
          entry.seat,
          JSON.stringify(entry.action),
          entry.at,
          entry.auto,
        );
      }
      for (const deal of changes.deals)
        sql.exec(
          "INSERT OR REPLACE INTO deals (deal, json) VALUES (?, ?)",
          deal.deal,
          JSON.stringify(deal),
        );
      // The player index only needs its latest state: a pending older one is dropped.
      sql.exec("DELETE FROM outbox WHERE kind = 'index' AND attempts = 0");
      for (const item of [...outbox, index]) {
        sql.exec(
          "INSERT INTO outbox (kind, json) VALUES (?, ?)",
          item.kind,
          JSON.stringify(item === index ? index : this.materialise(record, item)),
        );
      }
    });
    this.record = record;
    this.lastIndexKey = indexKey;
    this.broadcast();
    // D1 is written after the move is stored; if it fails, the alarm retries.
    if (urgent) {
      this.ctx.waitUntil(
        this.ctx.storage.setAlarm(Date.now() + RETRY_BASE_MS * 30).then(() => this.flushOutbox()),
      );
    } else {
      this.ctx.waitUntil(this.alarmWithin(INDEX_DEBOUNCE_MS));
    }
  }

  /** Brings the alarm forward to `ms` from now, never later than one already set. */
  private async alarmWithin(ms: number): Promise<void> {
    const due = Date.now() + ms;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }

  /** Turns an outbox marker into the rows it stands for, as of now. */
  private materialise(record: TableRecord, item: QueuedItem): QueuedItem {
    switch (item.kind) {
      case "table":
        return {
          kind: "table",
          table: {
            id: record.id,
            seats: record.players,
            deals: record.deals,
            moveHours: record.moveHours,
            status: tableStatus(record),
            createdBy: record.createdBy,
            createdAt: record.createdAt,
            finishedAt: record.finishedAt,
          },
          seats: record.seats.map((seat, index) => ({
            seat: index,
            playerId: seat.playerId,
            bot: seat.bot,
            joinedAt: seat.joinedAt,
          })),
        };
      case "index":
        return { kind: "index", tableId: record.id, rows: indexRows(record) };
      case "deal": {
        const row = this.ctx.storage.sql
          .exec<{ json: string }>("SELECT json FROM deals WHERE deal = ?", item.deal)
          .toArray()[0];
        const finished = row ? (JSON.parse(row.json) as FinishedDeal) : null;
        const entry = record.game?.sheet[item.deal as number];
        return {
          kind: "deal",
          deal: item.deal,
          row: {
            tableId: record.id,
            dealNo: item.deal as number,
            record: finished?.record ?? "",
            json: finished ?? null,
            declarer: entry?.declarer ?? null,
            game: entry?.game ?? null,
            value: entry ? (entry.won ? entry.value : -entry.value) : null,
            listScore: entry ? entry.score : null,
            finishedAt: Date.now(),
          },
        };
      }
      case "series":
        return {
          kind: "series",
          tableId: record.id,
          finishedAt: record.finishedAt ?? Date.now(),
          results: standings(record.game as GameState).map((row) => ({
            seat: row.seat,
            playerId: record.seats[row.seat]?.playerId ?? null,
            list: row.list,
            seegerFabian: row.seegerFabian,
            won: row.won,
            lost: row.lost,
            rank: row.rank,
          })),
        };
      default:
        return item;
    }
  }
}

/** What waits in the outbox: D1 rows, and notifications to players. */
type QueuedItem = OutboxItem | NotifyItem;

interface Changes {
  actions: { seq: number; seat: Seat; action: Action; at: number; auto: AutoReason | null }[];
  deals: FinishedDeal[];
  outbox: QueuedItem[];
  /** The person whose request made these changes (null: the alarm); never notified of their own move. */
  initiator: Seat | null;
  /** Who was to act, and since when, before these changes: a new turn is what gets announced. */
  startToAct: Seat | null;
  startTurnSince: number | null;
}

function newChanges(record: TableRecord, initiator: Seat | null): Changes {
  return {
    actions: [],
    deals: [],
    outbox: [],
    initiator,
    startToAct: record.game ? seatToAct(record.game) : null,
    startTurnSince: record.turnSince,
  };
}

export function tableStatus(record: TableRecord): TableStatus {
  if (!record.game) return "open";
  return record.game.finished ? "finished" : "playing";
}

export function tableView(
  record: TableRecord,
  seat: Seat | null,
  playerId: string | null,
): TableView {
  const deadline = deadlineOf(record);
  const table: TableView["table"] = {
    id: record.id,
    players: record.players,
    deals: record.deals,
    moveHours: record.moveHours,
    status: tableStatus(record),
    seats: record.seats.map((s, index) => ({
      seat: index,
      name: s.name,
      bot: s.bot,
      taken: s.bot || s.playerId !== null,
      you: playerId !== null && s.playerId === playerId,
      away: automationOf(s).away,
    })),
    commitments: record.commitments,
  };
  if (seat !== null) table.invite = record.invite;
  const own = seat === null ? undefined : record.seats[seat];
  // Private to the seat: what the server does for it by itself.
  const automation =
    own && !own.bot
      ? {
          autoPlay: automationOf(own).autoPlay,
          bidLimit:
            automationOf(own).bidLimit?.deal === record.game?.dealNumber
              ? (automationOf(own).bidLimit?.value ?? null)
              : null,
          away: automationOf(own).away,
        }
      : null;
  if (record.game) {
    return {
      ...viewFor(record.game, seat),
      table,
      version: record.version,
      deadline: deadline === null ? null : new Date(deadline).toISOString(),
      automation,
      autoSeats: record.autoSeats ?? [],
    };
  }
  return {
    table,
    version: record.version,
    deadline: null,
    automation,
    autoSeats: [],
    players: record.players,
    deals: record.deals,
    dealNumber: 0,
    seat,
    finished: false,
    phase: "waiting",
    dealer: null,
    roles: null,
    toAct: null,
    hand: [],
    handCounts: record.seats.map(() => 0),
    skat: null,
    bidding: null,
    auction: [],
    declarer: null,
    bid: 0,
    game: null,
    trick: [],
    tricks: [],
    lastTrick: null,
    tricksWon: record.seats.map(() => 0),
    openHand: null,
    claim: { active: false, accepted: [] },
    previous: null,
    sheet: [],
    standings: [],
    legal: [],
  };
}

/** One row per seated person: what "my games" lists. */
function indexRows(record: TableRecord) {
  const game = record.game;
  const toAct = game ? seatToAct(game) : null;
  const deadline = deadlineOf(record);
  const table = game ? standings(game) : [];
  return record.seats.flatMap((seat, index) => {
    if (!seat.playerId) return [];
    const own = table.find((row) => row.seat === index);
    return [
      {
        playerId: seat.playerId,
        seat: index,
        toMove: toAct === index,
        deadlineAt: toAct === index ? deadline : null,
        dealNo: game ? game.dealNumber : 0,
        deals: record.deals,
        turnSeat: toAct,
        turnName: toAct === null ? null : (record.seats[toAct]?.name ?? null),
        status: tableStatus(record),
        standing: own
          ? {
              list: own.list,
              seegerFabian: own.seegerFabian,
              won: own.won,
              lost: own.lost,
              rank: own.rank,
            }
          : null,
      },
    ];
  });
}

function randomNonce(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

/** Compares two secrets without stopping at the first difference. */
function sameSecret(given: string, expected: string): boolean {
  if (typeof given !== "string" || given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++)
    difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

function issDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)}/${iso.slice(11, 19)}/UTC`;
}

/** The link to a table, for notifications. */
function tableUrl(record: TableRecord): string {
  return `${record.origin ?? ""}/t/${record.id}`;
}

function tableName(record: TableRecord): string {
  const host = record.seats[0]?.name;
  return host ? `${host}'s table` : "your table";
}

export function notifyItem(
  record: TableRecord,
  playerId: string,
  kind: string,
  lines: string[],
): NotifyItem {
  return {
    kind: "notify",
    playerId,
    note: {
      kind,
      title:
        kind === "turn" || kind === "reminder"
          ? `Your turn at ${tableName(record)}`
          : `Fernskat: ${tableName(record)}`,
      body: lines.join("\n"),
      url: tableUrl(record),
      tableId: record.id,
    },
  };
}

function reminderText(record: TableRecord): string {
  const deadline = deadlineOf(record);
  const hours = deadline === null ? 0 : Math.max(1, Math.round((deadline - Date.now()) / HOUR_MS));
  return `Reminder: about ${hours} h left for your move in deal ${(record.game?.dealNumber ?? 0) + 1} of ${record.deals}.`;
}

function dealText(record: TableRecord, deal: number): string {
  const entry = record.game?.sheet[deal];
  if (!entry) return `Deal ${deal + 1} is over.`;
  if (entry.declarer === null) return `Deal ${deal + 1} of ${record.deals}: passed in.`;
  const name = record.seats[entry.declarer]?.name ?? `Seat ${entry.declarer + 1}`;
  return `Deal ${deal + 1} of ${record.deals}: ${name} ${entry.won ? "won" : "lost"} ${entry.game} (${entry.score > 0 ? "+" : ""}${entry.score}).`;
}

/**
 * One notification per person per change: a new turn for the player who must act (never for
 * the one who just moved), and the result of each deal and of the series for everyone.
 */
function notifications(record: TableRecord, changes: Changes): NotifyItem[] {
  const game = record.game;
  if (!game) return [];
  const lines = new Map<string, { kind: string; lines: string[] }>();
  const add = (playerId: string, kind: string, line: string) => {
    const entry = lines.get(playerId) ?? { kind, lines: [] };
    // A turn outranks a result: the title then says it is their move.
    if (kind === "turn") entry.kind = "turn";
    entry.lines.push(line);
    lines.set(playerId, entry);
  };
  const people = record.seats.flatMap((seat) =>
    seat.playerId && !seat.bot ? [seat.playerId] : [],
  );
  for (const finished of changes.deals) {
    for (const playerId of people) add(playerId, "deal", dealText(record, finished.deal));
  }
  if (game.finished && changes.deals.length > 0) {
    const table = standings(game);
    record.seats.forEach((seat, index) => {
      const own = table.find((row) => row.seat === index);
      if (seat.playerId && own) {
        add(
          seat.playerId,
          "series",
          `The series is over: you placed ${own.rank} of ${record.players} with ${own.seegerFabian} points.`,
        );
      }
    });
  }
  const toAct = seatToAct(game);
  const turnChanged = toAct !== changes.startToAct || record.turnSince !== changes.startTurnSince;
  const seat = toAct === null ? undefined : record.seats[toAct];
  if (
    toAct !== null &&
    turnChanged &&
    toAct !== changes.initiator &&
    seat?.playerId &&
    !seat.bot &&
    !automationOf(seat).away
  ) {
    add(seat.playerId, "turn", `Deal ${game.dealNumber + 1} of ${record.deals}: it is your move.`);
  }
  return [...lines].map(([playerId, entry]) =>
    notifyItem(record, playerId, entry.kind, entry.lines),
  );
}

/** The first line of an error, without the SQL and parameters D1 puts in its messages. */
function errorSummary(error: unknown): string {
  return String(error).split("\n")[0]?.slice(0, 200) ?? "";
}
