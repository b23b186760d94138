import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";

/**
 * Version of this object's own SQLite schema. Bump it with a migration step in `load()`
 * when the tables below change; the stored value says which steps an old object still needs.
 */
export const TABLE_SCHEMA_VERSION = 1;

export interface TableInfo {
  /** Schema version stored in this object's state row. */
  schemaVersion: number;
  /** Number of actions applied so far (the table's version). */
  version: number;
  /** Rows in the append-only action log. */
  actions: number;
  /** When this object first ran, ms since the epoch. */
  createdAt: number;
}

interface StateRow extends Record<string, SqlStorageValue> {
  schema_version: number;
  version: number;
  created_at: number;
}

/**
 * One Skat table. Its state lives in this object's own SQLite storage: a single `state` row
 * and an append-only `actions` log, written together in one synchronous transaction.
 */
export class Table extends DurableObject<Env> {
  private schemaVersion = 0;
  private createdAt = 0;

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
    sql.exec(
      `INSERT OR IGNORE INTO state (id, schema_version, version, json, created_at)
       VALUES (1, ?, 0, NULL, ?)`,
      TABLE_SCHEMA_VERSION,
      Date.now(),
    );
    const row = sql
      .exec<StateRow>("SELECT schema_version, version, created_at FROM state WHERE id = 1")
      .one();
    this.schemaVersion = row.schema_version;
    this.createdAt = row.created_at;
  }

  /** RPC: what this table has stored. */
  async info(): Promise<TableInfo> {
    const sql = this.ctx.storage.sql;
    const { version } = sql.exec<StateRow>("SELECT version FROM state WHERE id = 1").one();
    const { n } = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM actions").one();
    return {
      schemaVersion: this.schemaVersion,
      version,
      actions: n,
      createdAt: this.createdAt,
    };
  }
}
