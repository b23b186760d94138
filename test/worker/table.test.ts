import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TABLE_SCHEMA_VERSION, Table } from "../../worker/table";

const stubFor = (name: string) => env.TABLE.get(env.TABLE.idFromName(name));

describe("Table Durable Object", () => {
  it("creates its storage tables on first use", async () => {
    const stub = stubFor("fresh");
    const names = await runInDurableObject(stub, (instance, state) => {
      expect(instance).toBeInstanceOf(Table);
      return state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .toArray()
        .map((r) => r.name);
    });
    expect(names).toEqual(expect.arrayContaining(["actions", "state"]));
  });

  it("reports its schema version and an empty log over RPC", async () => {
    const info = await stubFor("rpc").info();
    expect(info).toMatchObject({ schemaVersion: TABLE_SCHEMA_VERSION, version: 0, actions: 0 });
    expect(info.createdAt).toBeGreaterThan(0);
  });

  it("keeps its storage when the object is evicted and rebuilt", async () => {
    const stub = stubFor("eviction");
    const before = await stub.info();
    await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      state.storage.transactionSync(() => {
        sql.exec(
          "INSERT INTO actions (seq, seat, action, at) VALUES (1, 0, ?, ?), (2, 1, ?, ?)",
          JSON.stringify({ type: "bid", value: 18 }),
          Date.now(),
          JSON.stringify({ type: "pass" }),
          Date.now(),
        );
        sql.exec("UPDATE state SET version = 2 WHERE id = 1");
      });
    });

    await abortAllDurableObjects();

    const after = await stubFor("eviction").info();
    expect(after).toEqual({ ...before, version: 2, actions: 2 });
    const log = await runInDurableObject(stubFor("eviction"), (_instance, state) =>
      state.storage.sql
        .exec<{ action: string }>("SELECT action FROM actions ORDER BY seq")
        .toArray()
        .map((r) => JSON.parse(r.action)),
    );
    expect(log).toEqual([{ type: "bid", value: 18 }, { type: "pass" }]);
  });

  it("keeps tables apart", async () => {
    const a = await stubFor("table-a").info();
    await runInDurableObject(stubFor("table-a"), (_i, state) => {
      state.storage.sql.exec("UPDATE state SET version = 7 WHERE id = 1");
    });
    expect((await stubFor("table-a").info()).version).toBe(7);
    expect((await stubFor("table-b").info()).version).toBe(0);
    expect(a.version).toBe(0);
  });
});
