import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TableView } from "../../worker/table";
import { act, call, createPlayer, createTable, getView, join } from "./support/client";

describe("a table by link", () => {
  it("creates a player, a table with two computer players, and plays a deal through the API", async () => {
    const alice = await createPlayer("Alice");
    const table = await createTable(alice, { seats: 3, deals: 3, bots: 2 });
    expect(table.commitments).toHaveLength(3);
    let view = await getView(alice, table.id);
    expect(view.seat).toBe(0);
    expect(view.table.seats.map((s) => s.bot)).toEqual([false, true, true]);
    const startDeal = view.dealNumber;
    let moves = 0;
    while (view.dealNumber === startDeal && moves < 200) {
      expect(view.toAct).toBe(0);
      const choice =
        view.legal.find((a) => a.type !== "concede" && a.type !== "claim") ?? view.legal[0];
      const res = await act(alice, table.id, view.version, choice);
      expect(res.status).toBe(200);
      view = await res.json<TableView>();
      moves++;
    }
    expect(view.sheet).toHaveLength(1);
    expect(view.previous?.deal).toBe(0);
    const deal = await call("GET", `/api/tables/${table.id}/deals/1`, {
      token: alice.token,
      address: alice.address,
    });
    expect(deal.status).toBe(200);
  });

  it("lets a second and third player join by invite", async () => {
    const [a, b, c] = [
      await createPlayer("Anna"),
      await createPlayer("Bernd"),
      await createPlayer("Carla"),
    ];
    const table = await createTable(a, { seats: 3, deals: 3 });
    expect(await join(b, table.id, table.invite)).toBe(1);
    expect(await join(b, table.id, table.invite)).toBe(1);
    expect(await join(c, table.id, table.invite)).toBe(2);
    const view = await getView(b, table.id);
    expect(view.phase).toBe("bidding");
    expect(view.hand).toHaveLength(10);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM player_tables WHERE table_id = ?")
      .bind(table.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(3);
  });
});

describe("the creator's nonce, promised by its hash", () => {
  it("waits for the nonce after the commitments are out, refuses a wrong one, then deals with it", async () => {
    const { nonceCommitment, verifyDeal } = await import("../../shared/fairness");
    const erin = await createPlayer("Erin");
    const nonce = "erins-own-nonce-0123456789";
    const res = await call("POST", "/api/tables", {
      token: erin.token,
      address: erin.address,
      body: { seats: 3, deals: 3, bots: 2, nonceHash: nonceCommitment(nonce) },
    });
    expect(res.status).toBe(201);
    const { table, commitments } = await res.json<{
      table: { id: string; invite: string };
      commitments: string[];
    }>();
    expect(commitments).toHaveLength(3);
    // Every other seat is a computer player, yet nothing is dealt until the nonce is revealed.
    expect((await getView(erin, table.id)).phase).toBe("waiting");
    const wrong = await call("POST", `/api/tables/${table.id}/join`, {
      token: erin.token,
      address: erin.address,
      body: { invite: table.invite, nonce: "someone-elses-nonce" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: "ERR_NONCE_MISMATCH" } });
    expect((await getView(erin, table.id)).phase).toBe("waiting");

    expect(await join(erin, table.id, table.invite, nonce)).toBe(0);
    let view = await getView(erin, table.id);
    expect(view.phase).not.toBe("waiting");
    // Play the first deal out; its proof carries the revealed nonce and verifies.
    for (let moves = 0; view.dealNumber === 0 && moves < 200; moves++) {
      const choice =
        view.legal.find((a) => a.type !== "concede" && a.type !== "claim") ?? view.legal[0];
      const step = await act(erin, table.id, view.version, choice);
      expect(step.status).toBe(200);
      view = await step.json<TableView>();
    }
    const deal = await call("GET", `/api/tables/${table.id}/deals/1`, {
      token: erin.token,
      address: erin.address,
    });
    const finished = await deal.json<{ proof: Parameters<typeof verifyDeal>[0] }>();
    expect(finished.proof.nonces[0]).toBe(nonce);
    expect(finished.proof.commitment).toBe(commitments[0]);
    expect(verifyDeal(finished.proof)).toEqual({ ok: true });
  });

  it("refuses a malformed hash, and a nonce sent together with a hash", async () => {
    const fay = await createPlayer("Fay");
    for (const body of [
      { seats: 3, nonceHash: "abc" },
      { seats: 3, nonceHash: "A".repeat(64) },
      { seats: 3, nonceHash: "a".repeat(64), nonce: "both" },
    ]) {
      const res = await call("POST", "/api/tables", {
        token: fay.token,
        address: fay.address,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "ERR_BAD_FIELD" } });
    }
  });
});
