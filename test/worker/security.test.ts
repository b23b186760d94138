/**
 * Who may do what: tokens (none, forged, someone else's, a seat at another table), spectators,
 * invites; and the rate limits. Every refusal is the JSON envelope and changes nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../worker/lib/auth";
import type { TableView } from "../../worker/table";
import { readState } from "./support/audit";
import { act, call, createPlayer, createTable, getView, join, type Player } from "./support/client";
import { LiveSocket, openLive } from "./support/live";

interface Refusal {
  status: number;
  code: string;
}

/** Status and code of an answer that must be the error envelope and nothing else. */
async function refusal(res: Response): Promise<Refusal> {
  const body = await res.json<Record<string, unknown>>();
  expect(Object.keys(body).sort()).toEqual(["error"]);
  const error = body.error as Record<string, unknown>;
  expect(Object.keys(error).sort()).toEqual(["code", "message"]);
  expect(typeof error.message).toBe("string");
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
  return { status: res.status, code: String(error.code) };
}

let anna: Player;
let bernd: Player;
let carla: Player;
let dave: Player;
let eve: Player;
let table: { id: string; invite: string };
let other: { id: string; invite: string };

beforeAll(async () => {
  [anna, bernd, carla, dave, eve] = (await Promise.all(
    ["Anna", "Bernd", "Carla", "Dave", "Eve"].map((name) => createPlayer(name)),
  )) as [Player, Player, Player, Player, Player];
  table = await createTable(anna, { seats: 3, deals: 3 });
  await join(bernd, table.id, table.invite);
  await join(carla, table.id, table.invite);
  // Dave holds a seat, but at another table.
  other = await createTable(dave, { seats: 3, deals: 3, bots: 2 });
});

describe("authorization", () => {
  it("refuses requests without a token, except watching with the invite", async () => {
    const view = await getView(anna, table.id);
    const before = await readState(table.id);
    const path = `/api/tables/${table.id}`;
    const body = { version: view.version, action: view.legal[0] };
    const cases: [string, string, unknown][] = [
      ["GET", "/api/me", undefined],
      ["POST", "/api/tables", { seats: 3 }],
      ["GET", path, undefined],
      ["POST", `${path}/actions`, body],
      ["POST", `${path}/join`, { invite: table.invite }],
      ["GET", `${path}/deals/1`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, { body: payload });
      expect(await refusal(res), `${method} ${url}`).toMatchObject({ status: 401 });
    }
    const live = await openLive(table.id, "");
    expect(await refusal(live)).toEqual({ status: 401, code: "ERR_NO_TOKEN" });
    expect(await readState(table.id)).toEqual(before);
  });

  it("refuses forged and malformed tokens with 401", async () => {
    const view = await getView(anna, table.id);
    const before = await readState(table.id);
    const [id, signature] = anna.token.split(".") as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BA" : "AA"}`;
    const forged = [
      await signToken("some-other-secret-that-is-not-the-servers", anna.id),
      `${id}.${flipped}`,
      `${bernd.id}.${signature}`,
      `${id}.`,
      id,
      `${id}.${signature}.${signature}`,
      `${id}.${signature}x`,
      "a".repeat(150),
    ];
    for (const token of forged) {
      for (const [method, path, body] of [
        ["GET", `/api/tables/${table.id}`, undefined],
        [
          "POST",
          `/api/tables/${table.id}/actions`,
          { version: view.version, action: view.legal[0] },
        ],
        ["GET", "/api/me", undefined],
      ] as const) {
        const res = await call(method, path, { token, body, address: anna.address });
        expect(await refusal(res), `${token} ${method} ${path}`).toEqual({
          status: 401,
          code: "ERR_BAD_TOKEN",
        });
      }
      const live = await openLive(table.id, `token=${encodeURIComponent(token)}`);
      expect(await refusal(live)).toEqual({ status: 401, code: "ERR_BAD_TOKEN" });
    }
    for (const header of [
      "Basic YWxhZGRpbjpvcGVuc2VzYW1l",
      "Bearer",
      `Bearer  ${anna.token}`,
      anna.token,
      `bearer ${anna.token}x y`,
    ]) {
      const res = await call("GET", `/api/tables/${table.id}`, {
        headers: { Authorization: header },
      });
      expect(await refusal(res), header).toEqual({ status: 401, code: "ERR_BAD_TOKEN" });
    }
    // Correctly signed, but for a player who was never created.
    const ghost = await signToken(env.TOKEN_SECRET, "AAAAAAAAAAAAAAAAAAAAAA");
    const me = await call("GET", "/api/me", { token: ghost });
    expect(await refusal(me)).toEqual({ status: 401, code: "ERR_UNKNOWN_PLAYER" });
    const ghostView = await call("GET", `/api/tables/${table.id}`, { token: ghost });
    expect(await refusal(ghostView)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
    expect(await readState(table.id)).toEqual(before);
  });

  it("refuses players without a seat here, also those seated at another table", async () => {
    const seated = [anna, bernd, carla];
    const view = await getView(
      seated[(await getView(anna, table.id)).toAct as number] as Player,
      table.id,
    );
    const otherView = await getView(dave, other.id);
    const before = await readState(table.id);
    for (const outsider of [eve, dave]) {
      const opts = { token: outsider.token, address: outsider.address, patient: true };
      expect(await refusal(await call("GET", `/api/tables/${table.id}`, opts))).toEqual({
        status: 403,
        code: "ERR_NOT_SEATED",
      });
      for (const version of [view.version, otherView.version]) {
        for (const action of [
          ...view.legal.slice(0, 2),
          ...otherView.legal.slice(0, 2),
          { type: "pass" },
        ]) {
          const res = await act(outsider, table.id, version, action);
          expect(await refusal(res)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
        }
      }
      const deal = await call("GET", `/api/tables/${table.id}/deals/1`, opts);
      expect(await refusal(deal)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
      const live = await openLive(table.id, `token=${outsider.token}`);
      expect(await refusal(live)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
    }
    // And Anna's seat here gives her nothing at Dave's table.
    const res = await act(anna, other.id, otherView.version, otherView.legal[0]);
    expect(await refusal(res)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
    expect(await readState(table.id)).toEqual(before);
    expect((await getView(dave, other.id)).version).toBe(otherView.version);
  }, 30_000);

  it("lets spectators watch but never act", async () => {
    const seated = [anna, bernd, carla];
    const toAct = (await getView(anna, table.id)).toAct as number;
    const view = await getView(seated[toAct] as Player, table.id);
    expect(view.legal.length).toBeGreaterThan(0);
    const before = await readState(table.id);
    // With the invite and no token: a spectator's view, no hand, no legal actions, no invite.
    const watch = await call("GET", `/api/tables/${table.id}?invite=${table.invite}`);
    expect(watch.status).toBe(200);
    const watched = await watch.json<TableView>();
    expect(watched).toMatchObject({ seat: null, hand: [], legal: [] });
    expect(watched.table.invite).toBeUndefined();
    // A header naming a seated player is not a token: it is replaced by the Worker.
    const spoofed = await call("GET", `/api/tables/${table.id}?invite=${table.invite}`, {
      headers: { "X-Fernskat-Player": anna.id },
    });
    expect((await spoofed.json<TableView>()).seat).toBeNull();
    const spoofedLive = await LiveSocket.open("spoofed", table.id, `invite=${table.invite}`, {
      "X-Fernskat-Player": anna.id,
    });
    expect((await spoofedLive.nextView()).seat).toBeNull();
    spoofedLive.send({ type: "action", version: view.version, action: view.legal[0] });
    const answer = await spoofedLive.next();
    expect(answer).toMatchObject({ type: "error", error: { code: "ERR_SPECTATOR" } });
    spoofedLive.close();
    // Eve watches with her token and the invite; she still cannot act.
    const eveWatch = await call("GET", `/api/tables/${table.id}?invite=${table.invite}`, {
      token: eve.token,
      address: eve.address,
      patient: true,
    });
    expect((await eveWatch.json<TableView>()).seat).toBeNull();
    const eveAct = await call("POST", `/api/tables/${table.id}/actions?invite=${table.invite}`, {
      token: eve.token,
      address: eve.address,
      body: { version: view.version, action: view.legal[0] },
      patient: true,
    });
    expect(await refusal(eveAct)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
    const eveLive = await LiveSocket.open(
      "eve",
      table.id,
      `token=${eve.token}&invite=${table.invite}`,
    );
    expect((await eveLive.nextView()).seat).toBeNull();
    eveLive.send({ type: "action", version: view.version, action: view.legal[0] });
    expect(await eveLive.next()).toMatchObject({
      type: "error",
      error: { code: "ERR_NOT_SEATED" },
    });
    eveLive.close();
    // Spectators cannot take a seat at a full table either.
    const full = await call("POST", `/api/tables/${table.id}/join`, {
      token: eve.token,
      address: eve.address,
      body: { invite: table.invite },
      patient: true,
    });
    expect(await refusal(full)).toEqual({ status: 409, code: "ERR_TABLE_FULL" });
    expect(await readState(table.id)).toEqual(before);
  });

  it("refuses a wrong invite", async () => {
    const before = await readState(table.id);
    const wrong = `${table.invite.slice(0, -1)}${table.invite.endsWith("A") ? "B" : "A"}`;
    const malformed = ["", "short", `${table.invite}x`, "a b", "%00", other.invite.slice(0, 21)];
    for (const invite of [wrong, other.invite]) {
      const res = await call("GET", `/api/tables/${table.id}?invite=${invite}`);
      expect(await refusal(res)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
      const deal = await call("GET", `/api/tables/${table.id}/deals/1?invite=${invite}`);
      expect(await refusal(deal)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
      const live = await openLive(table.id, `invite=${invite}`);
      expect(await refusal(live)).toEqual({ status: 403, code: "ERR_NOT_SEATED" });
      const joined = await call("POST", `/api/tables/${table.id}/join`, {
        token: eve.token,
        address: eve.address,
        body: { invite },
        patient: true,
      });
      expect(await refusal(joined)).toEqual({ status: 403, code: "ERR_BAD_INVITE" });
    }
    for (const invite of malformed) {
      const res = await call("GET", `/api/tables/${table.id}?invite=${encodeURIComponent(invite)}`);
      expect(await refusal(res), invite).toEqual({ status: 400, code: "ERR_BAD_INVITE" });
      const joined = await call("POST", `/api/tables/${table.id}/join`, {
        token: eve.token,
        address: eve.address,
        body: { invite },
        patient: true,
      });
      expect(await refusal(joined), invite).toEqual({ status: 400, code: "ERR_BAD_INVITE" });
    }
    // A table with a free seat: a wrong invite takes no seat.
    const open = await createTable(eve, { seats: 3, deals: 3 });
    const openBefore = await readState(open.id);
    const res = await call("POST", `/api/tables/${open.id}/join`, {
      token: carla.token,
      address: carla.address,
      body: { invite: table.invite },
      patient: true,
    });
    expect(await refusal(res)).toEqual({ status: 403, code: "ERR_BAD_INVITE" });
    expect(await readState(open.id)).toEqual(openBefore);
    expect(await readState(table.id)).toEqual(before);
  });
});

describe("rate limits", () => {
  it("answers 429 with the envelope once a token has made 100 requests in its window", async () => {
    // No settings request for Frank: every request of his token below is counted by the test.
    const frank = await createPlayer("Frank", { autoPlay: true });
    let accepted = 0;
    let limited: Response | null = null;
    // Fresh addresses, so only the per-token limit can bite; a window may end during the loop.
    for (let i = 0; i < 250 && !limited; i++) {
      const res = await call("GET", "/api/no-such-route", {
        token: frank.token,
        address: `100.64.${i >> 8}.${i & 255}`,
      });
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(404);
        await res.body?.cancel();
        accepted++;
      }
    }
    expect(limited).not.toBeNull();
    expect(accepted).toBeLessThanOrEqual(200);
    expect(await refusal(limited as Response)).toEqual({ status: 429, code: "ERR_RATE_LIMITED" });
    expect(accepted).toBeGreaterThanOrEqual(100);
    // Another token from the same addresses is not affected.
    const other = await call("GET", "/api/me", {
      token: anna.token,
      address: "100.64.0.1",
      patient: true,
    });
    expect(other.status).toBe(200);
  });

  it("answers 429 with the envelope once an address has made 600 requests in its window", async () => {
    const address = "100.65.0.1";
    let limited: Response | null = null;
    for (let i = 0; i < 1300 && !limited; i++) {
      const res = await call("GET", "/api/no-such-route", { address });
      if (res.status === 429) limited = res;
      else await res.body?.cancel();
    }
    expect(limited).not.toBeNull();
    expect(await refusal(limited as Response)).toEqual({ status: 429, code: "ERR_RATE_LIMITED" });
  }, 30_000);
});
