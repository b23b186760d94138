/**
 * Three people play a whole deal, some moves over HTTP and some over their sockets; every socket
 * (the three seats, a spectator by invite, a player without a seat) hears every change, bad frames
 * are answered only to their sender, and every view anyone got is audited for hidden cards.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Action, Seat } from "../../shared/engine";
import { verifyDeal } from "../../shared/fairness";
import { Rng } from "../../shared/rng";
import type { FinishedDeal, TableView } from "../../worker/table";
import { hiddenCards, leaksIn, readRecord, readState, ViewAudit } from "./support/audit";
import {
  act,
  call,
  createPlayer,
  createTable,
  getView,
  join,
  type Player,
  spectate,
} from "./support/client";
import { LiveSocket } from "./support/live";
import { mustDecide, randomChoice } from "./support/policy";

async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Middlehand bids 18 and the others pass; the declarer picks up, claims after two tricks, and the
 * first defender to answer rejects, so the declarer's hand stays open for the rest of the deal. */
function scripted(view: TableView, rng: Rng, claimed: boolean): Action {
  const legal = view.legal;
  const find = (test: (a: Action) => boolean) => legal.find(test);
  const reject = find((a) => a.type === "rejectClaim");
  if (reject) return reject;
  if (view.phase === "bidding") {
    const bid18 = find((a) => a.type === "bid" && a.value === 18);
    if (bid18 && view.bid === 0) return bid18;
    return find((a) => a.type === "pass") as Action;
  }
  if (view.phase === "skat") return find((a) => a.type === "pickUp") as Action;
  if (view.phase === "discard") return legal[rng.nextInt(legal.length)] as Action;
  if (view.phase === "declare")
    return find((a) => a.type === "declare" && a.game === "grand") as Action;
  const claim = find((a) => a.type === "claim");
  if (claim && !claimed && view.tricks.length >= 2) return claim;
  const plays = legal.filter((a) => a.type === "play");
  return plays[rng.nextInt(plays.length)] as Action;
}

describe("three people at one table, live", () => {
  it("plays a whole deal over HTTP and WebSockets; every socket hears every change", async () => {
    const [anna, bernd, carla, dave] = await Promise.all(
      ["Anna", "Bernd", "Carla", "Dave"].map((name) => createPlayer(name)),
    );
    if (!anna || !bernd || !carla || !dave) throw new Error("players");
    const people = [anna, bernd, carla];
    const table = await createTable(anna, { seats: 3, deals: 3, nonce: "anna-nonce" });
    const audit = new ViewAudit(table.id);
    await audit.snapshot();

    // Anna watches her socket while the others join: she hears both joins.
    const annaLive = await LiveSocket.open("anna", table.id, `token=${anna.token}`);
    const waiting = await annaLive.nextView();
    expect(waiting.phase).toBe("waiting");
    expect(await join(bernd, table.id, table.invite, "bernd-nonce")).toBe(1);
    await audit.snapshot();
    expect(await join(carla, table.id, table.invite)).toBe(2);
    await audit.snapshot();
    const afterJoins = [await annaLive.nextView(), await annaLive.nextView()];
    expect(afterJoins.map((v) => v.version)).toEqual([waiting.version + 1, waiting.version + 2]);
    expect(afterJoins[1]?.phase).toBe("bidding");
    audit.seeMessages("live anna", 0, [
      { type: "view", view: waiting },
      ...afterJoins.map((view) => ({ type: "view" as const, view })),
    ]);

    const seats: LiveSocket[] = [
      annaLive,
      await LiveSocket.open("bernd", table.id, `token=${bernd.token}`),
      await LiveSocket.open("carla", table.id, `token=${carla.token}`),
    ];
    const watcher = await LiveSocket.open("spectator", table.id, `invite=${table.invite}`);
    const outsider = await LiveSocket.open(
      "dave",
      table.id,
      `token=${dave.token}&invite=${table.invite}`,
    );
    const sockets: [LiveSocket, Seat | null][] = [
      [seats[0] as LiveSocket, 0],
      [seats[1] as LiveSocket, 1],
      [seats[2] as LiveSocket, 2],
      [watcher, null],
      [outsider, null],
    ];
    const latest: TableView[] = [];
    for (const [socket, viewer] of sockets.slice(1)) {
      const view = await socket.nextView();
      audit.see(`live ${socket.label}`, viewer, view);
      if (viewer !== null) latest[viewer] = view;
    }
    latest[0] = afterJoins[1] as TableView;
    expect(outsider.received[0]?.view?.seat).toBeNull();

    /** Every socket hears exactly one view of `version`, and nothing else. */
    const hearAll = async (version: number) => {
      for (const [socket, viewer] of sockets) {
        const view = await socket.nextView();
        expect(view.version, socket.label).toBe(version);
        audit.see(`live ${socket.label}`, viewer, view);
        if (viewer !== null) latest[viewer] = view;
      }
    };

    const rng = Rng.fromSeed(3);
    let claimed = false;
    let step = 0;
    let badFramesSent = false;
    let overSocket = 0;
    let overHttp = 0;
    let sawOpenHand = false;
    while ((latest[0] as TableView).dealNumber === 0) {
      const version = (latest[0] as TableView).version;
      const answering = latest.findIndex((v) => v.legal.some((a) => a.type === "rejectClaim"));
      const seat = answering >= 0 ? answering : ((latest[0] as TableView).toAct as Seat);
      const view = latest[seat] as TableView;
      expect(view.version).toBe(version);

      if (!badFramesSent && view.phase === "bidding" && view.auction.length === 1) {
        badFramesSent = true;
        await sendBadFrames(sockets, seat, version, view, audit);
      }

      const action = scripted(view, rng, claimed);
      if (action.type === "claim") claimed = true;
      if (step % 2 === 0) {
        (seats[seat] as LiveSocket).send({ type: "action", version, action });
        overSocket++;
      } else {
        const res = await act(people[seat] as (typeof people)[number], table.id, version, action);
        expect(res.status).toBe(200);
        const answer = await res.json<TableView>();
        expect(answer.version).toBe(version + 1);
        audit.see(`POST ${people[seat]?.name}`, seat, answer);
        overHttp++;
      }
      await hearAll(version + 1);
      await audit.snapshot();
      if (watcher.received.at(-1)?.view?.openHand) sawOpenHand = true;
      step++;
      expect(step).toBeLessThan(100);
    }
    expect(badFramesSent).toBe(true);
    expect(claimed).toBe(true);
    expect(sawOpenHand).toBe(true);
    expect(overSocket).toBeGreaterThan(10);
    expect(overHttp).toBeGreaterThan(10);

    // The deal is over and public; the sheet has it; nobody saw what they should not have.
    const after = latest[1] as TableView;
    expect(after.dealNumber).toBe(1);
    expect(after.previous?.deal).toBe(0);
    expect(after.previous?.declarer).toBe(after.previous?.roles[1]);
    expect(after.sheet).toHaveLength(1);
    expect(after.sheet[0]?.game).toBe("grand");
    const audited = audit.verify();
    expect(audited.views).toBeGreaterThan(5 * step);
    for (const [socket] of sockets) expect(await socket.settle()).toEqual([]);

    const res = await call("GET", `/api/tables/${table.id}/deals/1`, {
      token: dave.token,
      address: dave.address,
    });
    expect(res.status).toBe(403);
    const deal = await call("GET", `/api/tables/${table.id}/deals/1`, {
      token: carla.token,
      address: carla.address,
      patient: true,
    });
    expect(deal.status).toBe(200);
    const finished = await deal.json<FinishedDeal>();
    expect(finished.reveal).toEqual(after.previous);
    expect(finished.proof.commitment).toBe(table.commitments[0]);
    expect(finished.proof.nonces[0]).toBe("anna-nonce");
    expect(finished.proof.nonces[1]).toBe("bernd-nonce");
    expect(finished.proof.nonces[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(verifyDeal(finished.proof)).toEqual({ ok: true });

    const rows = await eventually(
      () =>
        env.DB.prepare("SELECT deal_no, game FROM deals WHERE table_id = ?").bind(table.id).all(),
      (r) => r.results.length === 1,
    );
    expect(rows.results).toEqual([{ deal_no: 0, game: "grand" }]);
    const index = await eventually(
      () =>
        env.DB.prepare(
          "SELECT seat, to_move, deal_no FROM player_tables WHERE table_id = ? ORDER BY seat",
        )
          .bind(table.id)
          .all<{ seat: number; to_move: number; deal_no: number }>(),
      (r) => r.results.every((row) => row.deal_no === 1),
    );
    expect(index.results.map((row) => row.to_move === 1)).toEqual(
      [0, 1, 2].map((seat) => seat === after.toAct),
    );
    for (const [socket] of sockets) socket.close();
    console.log(
      `live deal: ${step} actions (${overSocket} over sockets, ${overHttp} over HTTP), ` +
        `${audited.views} views audited`,
    );
  }, 60_000);

  it("accepts one of many moves sent at once over sockets and HTTP on the same version", async () => {
    const people = await Promise.all(["Ute", "Veit", "Wanda"].map((name) => createPlayer(name)));
    const [ute, veit, wanda] = people as [Player, Player, Player];
    const table = await createTable(ute, { seats: 3, deals: 3 });
    await join(veit, table.id, table.invite);
    await join(wanda, table.id, table.invite);
    const toAct = (await getView(ute, table.id)).toAct as Seat;
    const mover = people[toAct] as Player;
    const view = await getView(mover, table.id);
    const sockets = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        LiveSocket.open(`mover ${i}`, table.id, `token=${mover.token}`),
      ),
    );
    const listener = await LiveSocket.open("listener", table.id, `token=${ute.token}`);
    for (const socket of [...sockets, listener]) await socket.nextView();
    const choices = view.legal;
    const http = Array.from({ length: 10 }, (_, i) =>
      act(mover, table.id, view.version, choices[i % choices.length]),
    );
    for (const [i, socket] of sockets.entries()) {
      const action = choices[(i + 1) % choices.length];
      socket.send({ type: "action", version: view.version, action });
    }
    const answers = await Promise.all(http);
    // Each mover socket hears the one change and, if its own frame lost, one stale error.
    const heard = await Promise.all(
      sockets.map(async (socket) => [await socket.next(), ...(await socket.settle(100))]),
    );
    const accepted =
      answers.filter((res) => res.status === 200).length +
      heard.filter((messages) => !messages.some((m) => m.type === "error")).length;
    expect(accepted).toBe(1);
    for (const res of answers) expect([200, 409]).toContain(res.status);
    for (const messages of heard) {
      expect(messages.filter((m) => m.type === "view")).toHaveLength(1);
      for (const m of messages.filter((m) => m.type === "error")) {
        expect(m).toMatchObject({ error: { code: "ERR_STALE_VERSION" } });
        expect(m.view?.version).toBe(view.version + 1);
      }
    }
    const views = [await listener.next(), ...(await listener.settle(100))];
    expect(views.map((m) => m.type === "view" && m.view.version)).toEqual([view.version + 1]);
    expect((await readState(table.id)).version).toBe(view.version + 1);
    for (const socket of [...sockets, listener]) socket.close();
  });

  it("at four seats, shows the dealer who sits out no hidden card, over a whole series", async () => {
    const [xaver, yvonne, zora, anton] = (await Promise.all(
      ["Xaver", "Yvonne", "Zora", "Anton"].map((name) => createPlayer(name)),
    )) as [Player, Player, Player, Player];
    const table = await createTable(xaver, { seats: 4, deals: 4 });
    const audit = new ViewAudit(table.id);
    await audit.snapshot();
    await join(yvonne, table.id, table.invite);
    await audit.snapshot();
    await join(zora, table.id, table.invite);
    await audit.snapshot();
    await join(anton, table.id, table.invite);
    await audit.snapshot();
    const people = [xaver, yvonne, zora, anton];
    const sockets = await Promise.all(
      people.map((p, seat) => LiveSocket.open(`seat ${seat}`, table.id, `token=${p.token}`)),
    );
    const watcher = await LiveSocket.open("spectator", table.id, `invite=${table.invite}`);
    for (const [seat, socket] of sockets.entries()) {
      audit.see(`live seat ${seat}`, seat, await socket.nextView());
    }
    audit.see("live spectator", null, await watcher.nextView());
    const rng = Rng.fromSeed(4);
    let views = await Promise.all(people.map((p) => getView(p, table.id)));
    for (const [seat, view] of views.entries()) audit.see(`GET seat ${seat}`, seat, view);
    let actions = 0;
    let sittingOutViews = 0;
    while (!(views[0] as TableView).finished) {
      const seat = views.findIndex((view, s) => mustDecide(view, s));
      expect(seat, `nobody to act at version ${views[0]?.version}`).toBeGreaterThanOrEqual(0);
      const res = await act(
        people[seat] as Player,
        table.id,
        (views[seat] as TableView).version,
        randomChoice(views[seat] as TableView, rng),
      );
      expect(res.status).toBe(200);
      audit.see(`POST seat ${seat}`, seat, await res.json<TableView>());
      await audit.snapshot();
      actions++;
      views = [];
      for (const [s, socket] of sockets.entries()) {
        const view = await socket.nextView();
        audit.see(`live seat ${s}`, s, view);
        if (view.dealer === s && view.phase !== "finished") sittingOutViews++;
        views.push(view);
      }
      audit.see("live spectator", null, await watcher.nextView());
      expect(actions).toBeLessThan(500);
    }
    expect((views[0] as TableView).sheet).toHaveLength(4);
    expect(sittingOutViews).toBeGreaterThan(10);
    const audited = audit.verify();
    expect(audited.views).toBeGreaterThan(5 * actions);
    for (const socket of [...sockets, watcher]) socket.close();
  }, 60_000);

  it("has an audit that notices a hidden card, a wrong seat and a secret", async () => {
    const alice = await createPlayer("Alice");
    const table = await createTable(alice, { seats: 3, deals: 3, bots: 2 });
    const record = await readRecord(table.id);
    const deal = record.game?.deal;
    if (!deal) throw new Error("no deal");
    const view = await getView(alice, table.id);
    expect(leaksIn(view, 0, record)).toEqual([]);
    const theirs = [...hiddenCards(record.game, 0)];
    expect(theirs).toHaveLength(22);
    const spectator = await spectate(table.id, table.invite);
    expect(leaksIn(spectator, null, record)).toEqual([]);
    expect(leaksIn(view, null, record).length).toBeGreaterThan(0);
    expect(
      leaksIn({ ...view, trick: [{ seat: 1, card: theirs[0] as string }] }, 0, record),
    ).toEqual([`view.trick[0].card shows the hidden card ${theirs[0]}`]);
    expect(leaksIn({ ...view, deck: [] } as TableView, 0, record)).toEqual([
      "unexpected view field deck",
      "view.deck must not be in a view",
    ]);
    expect(
      leaksIn({ ...view, table: { ...view.table, invite: record.masterSecret } }, 0, record),
    ).toEqual(["a secret or seed appears in the view"]);
  });

  it("answers a poll with 304 while the version stands, and 200 with a new ETag after a move", async () => {
    const alice = await createPlayer("Alice");
    const table = await createTable(alice, { seats: 3, deals: 3, bots: 2 });
    const get = (etag?: string, query = "") =>
      call("GET", `/api/tables/${table.id}${query}`, {
        token: query ? undefined : alice.token,
        address: alice.address,
        headers: etag ? { "If-None-Match": etag } : {},
        patient: true,
      });
    const first = await get();
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag") as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(first.headers.get("Referrer-Policy")).toBe("no-referrer");
    const view = await first.json<TableView>();

    const unchanged = await get(etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("ETag")).toBe(etag);
    expect(await unchanged.text()).toBe("");
    expect((await get('W/"0-0"')).status).toBe(200);

    // A spectator's view of the same version is a different representation.
    const watching = await get(undefined, `?invite=${table.invite}`);
    expect(watching.status).toBe(200);
    expect(watching.headers.get("ETag")).not.toBe(etag);
    expect((await get(etag, `?invite=${table.invite}`)).status).toBe(200);

    const moved = await act(
      alice,
      table.id,
      view.version,
      view.legal.find((a) => a.type !== "concede"),
    );
    expect(moved.status).toBe(200);
    const after = await get(etag);
    expect(after.status).toBe(200);
    const next = after.headers.get("ETag") as string;
    expect(next).not.toBe(etag);
    expect((await after.json<TableView>()).version).toBeGreaterThan(view.version);
    expect((await get(next)).status).toBe(304);
  });
});

/**
 * Malformed and refused frames from several sockets: each gets one error, only to its sender,
 * and the table does not change.
 */
async function sendBadFrames(
  sockets: [LiveSocket, Seat | null][],
  seat: Seat,
  version: number,
  view: TableView,
  audit: ViewAudit,
): Promise<void> {
  const before = await readState(view.table.id);
  const legal = view.legal[0];
  const otherSeat = ((seat + 1) % 3) as Seat;
  const frames: { from: number; frame: unknown; code: string }[] = [
    { from: seat, frame: "not json", code: "ERR_BAD_JSON" },
    { from: seat, frame: '{"type":"hello"}', code: "ERR_BAD_MESSAGE" },
    { from: seat, frame: "[1,2]", code: "ERR_BAD_MESSAGE" },
    {
      from: seat,
      frame: { type: "action", version, action: legal, extra: 1 },
      code: "ERR_UNKNOWN_FIELD",
    },
    {
      from: seat,
      frame: { type: "action", version: version - 1, action: legal },
      code: "ERR_STALE_VERSION",
    },
    { from: seat, frame: { type: "action", version: "1", action: legal }, code: "ERR_BAD_FIELD" },
    {
      from: seat,
      frame: { type: "action", version, action: { type: "play", card: "XX" } },
      code: "ERR_BAD_CARD",
    },
    {
      from: seat,
      frame: { type: "action", version, action: { type: "jump" } },
      code: "ERR_UNKNOWN_ACTION",
    },
    {
      from: seat,
      frame: { type: "action", version, action: { type: "bid", value: 19 } },
      code: "ERR_NOT_A_BID_VALUE",
    },
    {
      from: seat,
      frame: { type: "action", version, action: { type: "play", card: "CJ" } },
      code: "ERR_WRONG_PHASE",
    },
    {
      from: otherSeat,
      frame: { type: "action", version, action: { type: "pass" } },
      code: "ERR_NOT_YOUR_TURN",
    },
    { from: seat, frame: "x".repeat(5000), code: "ERR_BAD_MESSAGE" },
    { from: seat, frame: new Uint8Array([123, 125]).buffer, code: "ERR_BAD_MESSAGE" },
    { from: 3, frame: { type: "action", version, action: legal }, code: "ERR_SPECTATOR" },
    { from: 4, frame: { type: "action", version, action: legal }, code: "ERR_NOT_SEATED" },
  ];
  for (const { from, frame, code } of frames) {
    const [sender, viewer] = sockets[from] as [LiveSocket, Seat | null];
    sender.send(frame);
    const answer = await sender.next();
    expect(answer.type, `${code} from ${sender.label}`).toBe("error");
    expect(answer.type === "error" && answer.error.code).toBe(code);
    expect(typeof (answer as { error: { message: unknown } }).error.message).toBe("string");
    if (code === "ERR_STALE_VERSION") {
      expect(answer.view?.version).toBe(version);
      audit.see(`live ${sender.label} error`, viewer, answer.view);
    } else {
      expect(answer.view).toBeUndefined();
    }
    for (const [other] of sockets) {
      if (other !== sender)
        expect(await other.settle(5), `${other.label} heard ${code}`).toEqual([]);
    }
  }
  expect(await readState(view.table.id)).toEqual(before);
}
