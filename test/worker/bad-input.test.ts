/**
 * Hundreds of generated malformed, illegal, out-of-turn and stale requests against a live table,
 * in the bidding and in the card play: every one is answered 4xx with the error envelope, none
 * 5xx, and the table's stored state is the same afterwards. Then many simultaneous moves on one
 * version: exactly one is accepted.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { cardCodes } from "../../shared/cards";
import type { Action, Seat } from "../../shared/engine";
import type { TableView } from "../../worker/table";
import { readState } from "./support/audit";
import {
  act,
  call,
  createPlayer,
  createTable,
  dispatch,
  getView,
  join,
  ORIGIN,
  type Player,
} from "./support/client";

const ALL_CARDS = cardCodes(-1);

/** One generated request and what must come back. */
interface Case {
  label: string;
  method?: string;
  path?: string;
  /** Who sends it: a player, or nobody. */
  from?: Player | null;
  /** A JSON value, or the raw body (text, bytes or a stream) when `raw` is set. */
  body?: unknown;
  raw?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  contentType?: string | null;
  /** The status (or statuses) the answer must have. */
  status: number | number[];
  code?: string;
}

interface Ctx {
  tableId: string;
  invite: string;
  view: TableView;
  seated: Player[];
  toAct: Seat;
  others: Player[];
}

/** Sends a case and checks the answer; returns the status and code for the tally. */
async function send(ctx: Ctx, c: Case): Promise<{ status: number; code: string }> {
  const from = c.from === undefined ? (ctx.seated[ctx.toAct] as Player) : c.from;
  const headers: Record<string, string> = {
    "CF-Connecting-IP": from?.address ?? "203.0.113.77",
  };
  if (from) headers.Authorization = `Bearer ${from.token}`;
  let body: BodyInit | undefined;
  if (c.raw !== undefined) body = typeof c.raw === "function" ? c.raw() : c.raw;
  else if (c.body !== undefined) body = JSON.stringify(c.body);
  const type = c.contentType === undefined ? "application/json" : c.contentType;
  if (body !== undefined && type !== null) headers["Content-Type"] = type;
  const path = c.path ?? `/api/tables/${ctx.tableId}/actions`;
  for (;;) {
    const res = await dispatch(
      new Request(`${ORIGIN}${path}`, { method: c.method ?? "POST", headers, body }),
    );
    if (res.status === 429) {
      // The limit, not this request, answered: wait for the next window and send it again.
      await res.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 10_050 - (Date.now() % 10_000)));
      if (typeof c.raw === "function") body = c.raw();
      continue;
    }
    const text = await res.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error(
        `${c.label}: ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    const error = parsed.error as Record<string, unknown> | undefined;
    const where = `${c.label} → ${res.status} ${text.slice(0, 300)}`;
    expect(res.status, where).toBeGreaterThanOrEqual(400);
    expect(res.status, where).toBeLessThan(500);
    expect(res.headers.get("content-type"), where).toMatch(/^application\/json/);
    expect(Object.keys(error ?? {}).sort(), where).toEqual(["code", "message"]);
    expect(String(error?.code), where).toMatch(/^ERR_[A-Z_]+$/);
    expect(typeof error?.message, where).toBe("string");
    if (error?.code === "ERR_STALE_VERSION") {
      expect(res.status, where).toBe(409);
      expect(Object.keys(parsed).sort(), where).toEqual(["error", "view"]);
      const view = parsed.view as TableView;
      expect(view.version, where).toBe(ctx.view.version);
      expect(view.seat, where).toBe(ctx.seated.indexOf(from as Player));
    } else {
      expect(Object.keys(parsed), where).toEqual(["error"]);
    }
    const statuses = Array.isArray(c.status) ? c.status : [c.status];
    expect(statuses, where).toContain(res.status);
    if (c.code) expect(error?.code, where).toBe(c.code);
    return { status: res.status, code: String(error?.code) };
  }
}

/** Malformed bodies, rejected by the Worker before the table hears of them. */
function bodyCases(ctx: Ctx): Case[] {
  const { version } = ctx.view;
  const legal = ctx.view.legal[0] as Action;
  const good = { version, action: legal };
  const cases: Case[] = [];
  const types = [
    null,
    "",
    "text/plain",
    "text/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "application/jso",
    "json",
    "*/*",
  ];
  for (const contentType of types) {
    cases.push({
      label: `content type ${contentType}`,
      body: good,
      contentType,
      status: 415,
      code: "ERR_CONTENT_TYPE",
    });
  }
  const badJson = [
    "",
    " ",
    "{",
    "}",
    "{version:1}",
    "{'version':1}",
    `{"version":${version},}`,
    "[",
    "nul",
    "undefined",
    "NaN",
    `{"version": 0${version}}`,
    '{"a":1}{"b":2}',
    "\u0000",
    `{"version":${version},"action":{"type":"pass"}`,
    '{"version":1 "action":2}',
    '{"version":"1}',
    '"unterminated',
    '{"version":Infinity}',
    '{"version":-}',
    "/* comment */ {}",
    '{"a":01}',
    "\ufeff\ufeff{}",
    '{"version":1}\u0000',
  ];
  for (const raw of badJson) {
    cases.push({
      label: `bad JSON ${JSON.stringify(raw)}`,
      raw,
      status: 400,
      code: "ERR_BAD_JSON",
    });
  }
  cases.push({
    label: "invalid UTF-8",
    raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    status: 400,
    code: "ERR_BAD_JSON",
  });
  cases.push({
    label: "lone surrogate bytes",
    raw: new Uint8Array([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]),
    status: 400,
    code: "ERR_BAD_JSON",
  });
  for (const raw of [
    "null",
    "[]",
    "1",
    '"text"',
    "true",
    "false",
    `[${JSON.stringify(good)}]`,
    "0",
    "-1",
    "[[[[]]]]",
  ]) {
    cases.push({ label: `not an object ${raw}`, raw, status: 400, code: "ERR_BAD_BODY" });
  }
  const padding = (n: number) => JSON.stringify({ ...good, pad: "x".repeat(n) });
  for (const size of [4097, 5000, 16_384, 100_000, 1_000_000]) {
    cases.push({
      label: `body of ${size} bytes`,
      raw: padding(size),
      status: 413,
      code: "ERR_BODY_TOO_LARGE",
    });
  }
  for (const size of [4097, 8192, 65_536]) {
    cases.push({
      label: `streamed body of ${size} bytes without a length`,
      raw: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let sent = 0; sent < size; sent += 1024)
              controller.enqueue(new TextEncoder().encode(" ".repeat(Math.min(1024, size - sent))));
            controller.close();
          },
        }),
      status: 413,
      code: "ERR_BODY_TOO_LARGE",
    });
  }
  cases.push({
    label: "deep nesting under the cap",
    raw: `${"[".repeat(1900)}${"]".repeat(1900)}`,
    status: 400,
  });
  cases.push({
    label: "deep object under the cap",
    raw: `${'{"a":'.repeat(600)}1${"}".repeat(600)}`,
    status: 400,
    code: "ERR_UNKNOWN_FIELD",
  });
  for (const extra of [
    "extra",
    "Version",
    "ACTION",
    " version",
    "__proto__",
    "constructor",
    "seat",
    "token",
    "player",
    "",
  ]) {
    cases.push({
      label: `unknown field ${JSON.stringify(extra)}`,
      raw: JSON.stringify(good).replace(/}$/, `,${JSON.stringify(extra)}:1}`),
      status: 400,
      code: "ERR_UNKNOWN_FIELD",
    });
  }
  cases.push({ label: "missing everything", body: {}, status: 400, code: "ERR_BAD_FIELD" });
  cases.push({ label: "missing action", body: { version }, status: 400, code: "ERR_BAD_FIELD" });
  cases.push({
    label: "missing version",
    body: { action: legal },
    status: 400,
    code: "ERR_BAD_FIELD",
  });
  for (const bad of [
    String(version),
    version + 0.5,
    -1,
    -version,
    null,
    true,
    false,
    [],
    [version],
    {},
    { version },
    -1e308,
    2.5,
    0.1,
    "",
  ]) {
    cases.push({
      label: `version ${JSON.stringify(bad)}`,
      body: { version: bad, action: legal },
      status: 400,
      code: "ERR_BAD_FIELD",
    });
  }
  // Spread over players without a seat: the Worker refuses these before any seat is checked.
  return cases.map((c, i) => ({ ...c, from: ctx.others[i % ctx.others.length] as Player }));
}

/** Actions of the wrong shape: the table refuses them before the rules are asked. */
function shapeCases(ctx: Ctx): Case[] {
  const { version } = ctx.view;
  const cases: Case[] = [];
  const bad = (label: string, action: unknown, code?: string) =>
    cases.push({ label, body: { version, action }, status: 400, ...(code ? { code } : {}) });
  for (const action of ["pass", 1, 0, [], [{ type: "pass" }], true, false, null, "", "{}"]) {
    bad(`action ${JSON.stringify(action)}`, action, "ERR_BAD_ACTION");
  }
  const unknownTypes = [
    undefined,
    1,
    null,
    true,
    [],
    {},
    "",
    "PASS",
    "Pass",
    "pass ",
    " pass",
    "toString",
    "__proto__",
    "constructor",
    "hasOwnProperty",
    "valueOf",
    "jump",
    "fold",
    "double",
    "kontra",
    "re",
    "resign",
    "undo",
    "timeout",
    "join",
    "leave",
    "chat",
    "ramsch",
    "bock",
    "play_card",
    "playCard",
    "bids",
  ];
  for (const type of unknownTypes) {
    bad(
      `action type ${JSON.stringify(type)}`,
      type === undefined ? {} : { type },
      "ERR_UNKNOWN_ACTION",
    );
  }
  const extras: unknown[] = [
    { type: "pass", value: 18 },
    { type: "hold", value: 18 },
    { type: "bid", value: 18, seat: 1 },
    { type: "play", card: "CJ", seat: 2 },
    { type: "pickUp", cards: [] },
    { type: "concede", all: true },
    { type: "claim", tricks: 10 },
    { type: "acceptClaim", by: 0 },
    { type: "rejectClaim", reason: "no" },
    { type: "discard", cards: ["CJ", "SJ"], game: "grand" },
    { type: "declare", game: "grand", kontra: true },
  ];
  for (const action of extras)
    bad(`extra field ${JSON.stringify(action)}`, action, "ERR_BAD_ACTION");
  for (const value of ["18", 18.5, null, [18], true, {}, undefined, "eighteen", "1e400"]) {
    bad(
      `bid value ${JSON.stringify(value)}`,
      value === undefined ? { type: "bid" } : { type: "bid", value },
      "ERR_BAD_ACTION",
    );
  }
  for (const cards of ["CJ SJ", ["CJ"], ["CJ", "SJ", "HJ"], [], {}, null, undefined, "CJ", 3]) {
    bad(
      `discard ${JSON.stringify(cards)}`,
      cards === undefined ? { type: "discard" } : { type: "discard", cards },
      "ERR_BAD_ACTION",
    );
  }
  for (const game of [
    1,
    "Grand",
    "GRAND",
    "ramsch",
    "",
    null,
    undefined,
    "clubs ",
    "kreuz",
    ["grand"],
    "null ouvert",
  ]) {
    bad(
      `declare game ${JSON.stringify(game)}`,
      game === undefined ? { type: "declare" } : { type: "declare", game },
      "ERR_BAD_ACTION",
    );
  }
  for (const flag of ["hand", "schneider", "schwarz", "ouvert"]) {
    for (const value of ["yes", 1, 0, null, "true", []]) {
      bad(
        `declare ${flag} ${JSON.stringify(value)}`,
        { type: "declare", game: "grand", [flag]: value },
        "ERR_BAD_ACTION",
      );
    }
  }
  const badCodes = [
    "XX",
    "cj",
    "Cj",
    "cJ",
    "C J",
    "C10",
    "10C",
    "JC",
    "CJ ",
    " CJ",
    "",
    "C",
    "CJJ",
    "ZZ",
    "S1",
    "H0",
    "D6",
    "\u0000",
    "C\u0408",
    "CB",
    "HX",
    "D",
    "🂡",
    "C\u004a\u0301",
  ];
  for (const card of badCodes) {
    bad(`play card ${JSON.stringify(card)}`, { type: "play", card }, "ERR_BAD_CARD");
  }
  for (const card of [1, null, true, ["CJ"], { code: "CJ" }, undefined, 8]) {
    bad(
      `play card ${JSON.stringify(card)}`,
      card === undefined ? { type: "play" } : { type: "play", card },
      "ERR_BAD_CARD",
    );
  }
  for (const cards of [
    ["XX", "CJ"],
    ["CJ", "xx"],
    ["cj", "sj"],
    [1, 2],
    [null, null],
    ["CJ", ""],
    [["CJ"], ["SJ"]],
  ]) {
    bad(`discard ${JSON.stringify(cards)}`, { type: "discard", cards }, "ERR_BAD_CARD");
  }
  // Shape is checked for anyone seated, before the turn: spread over the seats not to act, whose
  // rate limit the rule cases below leave alone.
  const idle = ctx.seated.filter((_, seat) => seat !== ctx.toAct);
  return cases.map((c, i) => ({ ...c, from: idle[i % idle.length] as Player }));
}

/** Well-formed actions the rules forbid now, from the seat to act, and stale versions. */
function ruleCases(ctx: Ctx): Case[] {
  const { version, legal } = ctx.view;
  const cases: Case[] = [];
  const isLegal = (action: Action) =>
    legal.some((l) => JSON.stringify(l) === JSON.stringify(action));
  const candidates: Action[] = [
    ...[0, 17, 19, 21, 25, 26, 1000, -18, 265, 2 ** 31].map(
      (value) => ({ type: "bid", value }) as Action,
    ),
    { type: "hold" },
    { type: "pass" },
    { type: "pickUp" },
    { type: "claim" },
    { type: "acceptClaim" },
    { type: "rejectClaim" },
    { type: "discard", cards: ["CJ", "SJ"] },
    { type: "discard", cards: ["CJ", "CJ"] },
    { type: "declare", game: "grand", hand: false, schneider: true, schwarz: false, ouvert: false },
    { type: "declare", game: "null", hand: false, schneider: true, schwarz: false, ouvert: false },
    { type: "declare", game: "clubs", hand: true, schneider: false, schwarz: false, ouvert: false },
    // Before the play every card is refused by the same phase check: a sample is enough there.
    ...ALL_CARDS.filter((_, i) => ctx.view.phase === "play" || i % 4 === 0).map(
      (card) => ({ type: "play", card }) as Action,
    ),
  ];
  for (const action of candidates) {
    // Concession is legal at any time in the play: never send it.
    if (action.type === "concede" || isLegal(action)) continue;
    cases.push({
      label: `illegal ${JSON.stringify(action)}`,
      body: { version, action },
      status: [403, 409, 422],
    });
  }
  // Out of turn: the seats not to act (a sitting-out dealer too) send what the seat to act may do
  // and cards.
  ctx.seated.forEach((player, seat) => {
    if (seat === ctx.toAct) return;
    const own = ALL_CARDS.map((card) => ({ type: "play", card }) as Action);
    for (const action of [
      ...legal.filter((a) => a.type !== "concede" && a.type !== "claim"),
      ...own,
    ].slice(0, 30)) {
      cases.push({
        label: `seat ${seat} out of turn ${JSON.stringify(action)}`,
        from: player,
        body: { version, action },
        status: [403, 409, 422],
      });
    }
  });
  // Stale versions with legal actions from the seat to act.
  const playable = legal.filter((a) => a.type !== "concede");
  for (const stale of [
    0,
    1,
    version - 1,
    version - 2,
    version + 1,
    version + 2,
    version + 1000,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
    1e308,
  ]) {
    if (stale < 0 || stale === version) continue;
    for (const action of playable.slice(0, 2)) {
      cases.push({
        label: `stale version ${stale}`,
        body: { version: stale, action },
        status: 409,
        code: "ERR_STALE_VERSION",
      });
    }
  }
  return cases;
}

/** Wrong routes, table ids and deal numbers. */
function routeCases(ctx: Ctx): Case[] {
  const { version, legal } = ctx.view;
  const good = { version, action: legal[0] };
  const cases: Case[] = [];
  const ids = [
    "x",
    "a".repeat(13),
    "a".repeat(15),
    "..............",
    "abc$def!ghijkl",
    "%C3%A4bcdefghijklm",
    "AAAAAAAAAAAAAA",
    "zzzzzzzzzzzzzz",
    `${ctx.tableId.slice(0, 13)}_`,
    ctx.tableId.toLowerCase() === ctx.tableId ? "Q".repeat(14) : ctx.tableId.toLowerCase(),
    "%00",
    "null",
    "undefined",
    "-".repeat(14),
    "a".repeat(400),
  ];
  for (const id of ids) {
    cases.push({
      label: `actions at table ${id}`,
      path: `/api/tables/${id}/actions`,
      body: good,
      status: 404,
    });
    cases.push({
      label: `view of table ${id}`,
      method: "GET",
      path: `/api/tables/${id}`,
      status: 404,
    });
    cases.push({
      label: `join table ${id}`,
      path: `/api/tables/${id}/join`,
      body: { invite: "A".repeat(22) },
      status: 404,
    });
  }
  // "1" is the deal being played: it has no record (nor hands) until it is over.
  for (const n of [
    "1",
    "0",
    "-1",
    "97",
    "1000",
    "abc",
    "1.5",
    "2",
    "3",
    "",
    "%20",
    "NaN",
    "Infinity",
    "-0",
    "1e400",
  ]) {
    cases.push({
      label: `deal ${JSON.stringify(n)}`,
      method: "GET",
      path: `/api/tables/${ctx.tableId}/deals/${n}?invite=${ctx.invite}`,
      from: null,
      status: 404,
    });
  }
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    cases.push({
      label: `${method} actions`,
      method,
      path: `/api/tables/${ctx.tableId}/actions`,
      body: good,
      status: 404,
    });
    cases.push({
      label: `${method} table`,
      method,
      path: `/api/tables/${ctx.tableId}`,
      body: good,
      status: 404,
    });
  }
  cases.push({
    label: "GET actions",
    method: "GET",
    path: `/api/tables/${ctx.tableId}/actions`,
    status: 404,
  });
  cases.push({
    label: "live without upgrade",
    method: "GET",
    path: `/api/tables/${ctx.tableId}/live`,
    status: 426,
  });
  // None of these needs a seat: spread them over players without one.
  return cases.map((c, i) =>
    c.from === null ? c : { ...c, from: ctx.others[i % ctx.others.length] as Player },
  );
}

/** Bad input to the other endpoints: players, tables, joining. */
function endpointCases(ctx: Ctx, invite: string): Case[] {
  const cases: Case[] = [];
  for (const name of [
    1,
    "",
    " ",
    "x".repeat(33),
    "<script>",
    "a\u0000b",
    "a\u202eb",
    null,
    [],
    {},
    "\u200b",
    "a\nb".repeat(20),
  ]) {
    cases.push({
      label: `player name ${JSON.stringify(name)}`,
      path: "/api/players",
      from: null,
      body: { name },
      status: 400,
    });
  }
  cases.push({
    label: "player without a name",
    path: "/api/players",
    from: null,
    body: {},
    status: 400,
  });
  cases.push({
    label: "player with extra",
    path: "/api/players",
    from: null,
    body: { name: "Ok", admin: true },
    status: 400,
    code: "ERR_UNKNOWN_FIELD",
  });
  const tables: unknown[] = [
    {},
    { seats: 5 },
    { seats: 2 },
    { seats: "3" },
    { seats: 3.5 },
    { seats: 3, deals: 4 },
    { seats: 3, deals: 0 },
    { seats: 3, deals: 99 },
    { seats: 4, deals: 6 },
    { seats: 3, bots: 3 },
    { seats: 3, bots: -1 },
    { seats: 3, bots: "2" },
    { seats: 3, moveHours: 0 },
    { seats: 3, moveHours: 1000 },
    { seats: 3, moveHours: 1.5 },
    { seats: 3, nonce: "bad nonce!" },
    { seats: 3, nonce: "x".repeat(65) },
    { seats: 3, nonce: 5 },
    { seats: 3, nonce: "" },
    { seats: 3, owner: "me" },
    { seats: null },
  ];
  for (const body of tables) {
    cases.push({
      label: `create table ${JSON.stringify(body)}`,
      path: "/api/tables",
      body,
      status: 400,
    });
  }
  const joins: unknown[] = [
    {},
    { invite: 1 },
    { invite: null },
    { invite: "" },
    { invite, nonce: "!!" },
    { invite, nonce: "x".repeat(65) },
    { invite, nonce: 3 },
    { invite, seat: 2 },
    { invite: [invite] },
  ];
  for (const body of joins) {
    cases.push({
      label: `join ${JSON.stringify(body)}`,
      path: `/api/tables/${ctx.tableId}/join`,
      body,
      status: 400,
    });
  }
  return cases.map((c, i) =>
    c.from === null ? c : { ...c, from: ctx.others[i % ctx.others.length] as Player },
  );
}

let others: Player[];

interface Seated {
  table: { id: string; invite: string };
  seated: Player[];
}

/**
 * A fresh four-seat table per battery: four seated tokens (the dealer sits out, but is seated)
 * share the per-token rate limit, so a battery rarely has to wait for the next window.
 */
async function fourPeople(names: string[]): Promise<Seated> {
  const seated = await Promise.all(names.map((name) => createPlayer(name)));
  const table = await createTable(seated[0] as Player, { seats: 4, deals: 4 });
  for (const player of seated.slice(1)) await join(player, table.id, table.invite);
  return { table, seated };
}

async function context({ table, seated }: Seated): Promise<Ctx> {
  const first = await getView(seated[0] as Player, table.id);
  const toAct = first.toAct as Seat;
  const view = await getView(seated[toAct] as Player, table.id);
  return { tableId: table.id, invite: table.invite, view, seated, toAct, others };
}

async function battery(ctx: Ctx, cases: Case[]) {
  const before = await readState(ctx.tableId);
  const players = await env.DB.prepare("SELECT COUNT(*) AS n FROM players").first<{ n: number }>();
  const tally = new Map<string, number>();
  for (const c of cases) {
    const { status, code } = await send(ctx, c);
    const key = `${status} ${code}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  expect(await readState(ctx.tableId)).toEqual(before);
  expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM players").first()).toEqual(players);
  return tally;
}

describe("bad input", () => {
  beforeAll(async () => {
    others = await Promise.all(["Dora", "Emil", "Fritz", "Gina"].map((name) => createPlayer(name)));
  });

  let total = 0;

  it("is refused with the envelope and changes nothing, during the bidding", async () => {
    const at = await fourPeople(["Anna", "Bernd", "Carla", "Dirk"]);
    const ctx = await context(at);
    expect(ctx.view.phase).toBe("bidding");
    const cases = [
      ...bodyCases(ctx),
      ...shapeCases(ctx),
      ...ruleCases(ctx),
      ...routeCases(ctx),
      ...endpointCases(ctx, at.table.invite),
    ];
    const tally = await battery(ctx, cases);
    total += cases.length;
    console.log(`bidding: ${cases.length} requests`, Object.fromEntries(tally));
  }, 60_000);

  it("is refused with the envelope and changes nothing, during the card play", async () => {
    // Middlehand bids 18, the others pass; the declarer picks up, lays away and plays a grand.
    const at = await fourPeople(["Hanna", "Ingo", "Jana", "Kurt"]);
    for (let guard = 0; guard < 20; guard++) {
      const ctx = await context(at);
      if (ctx.view.phase === "play" && ctx.view.tricks.length >= 1) break;
      const legal = ctx.view.legal;
      const action =
        legal.find((a) => a.type === "bid" && a.value === 18 && ctx.view.bid === 0) ??
        legal.find((a) => a.type === "pass") ??
        legal.find((a) => a.type === "pickUp") ??
        legal.find((a) => a.type === "declare" && a.game === "grand") ??
        legal.find((a) => a.type === "discard" || a.type === "play");
      const res = await act(ctx.seated[ctx.toAct] as Player, at.table.id, ctx.view.version, action);
      expect(res.status).toBe(200);
    }
    const ctx = await context(at);
    expect(ctx.view.phase).toBe("play");
    const cases = [...shapeCases(ctx), ...ruleCases(ctx), ...bodyCases(ctx).slice(0, 40)];
    const tally = await battery(ctx, cases);
    total += cases.length;
    console.log(`card play: ${cases.length} requests`, Object.fromEntries(tally));
    console.log(`bad input: ${total} requests in all`);
    expect(total).toBeGreaterThan(500);
  }, 60_000);
});

describe("simultaneous moves", () => {
  it("accepts exactly one of many actions sent at once on the same version", async () => {
    const alice = await createPlayer("Alice");
    const game = await createTable(alice, { seats: 3, deals: 3, bots: 2 });
    for (let round = 0; round < 4; round++) {
      const view = await getView(alice, game.id);
      const before = await readState(game.id);
      const choices = view.legal.filter((a) => a.type !== "concede");
      expect(choices.length).toBeGreaterThan(0);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call("POST", `/api/tables/${game.id}/actions`, {
            token: alice.token,
            address: `198.18.${round}.${i}`,
            body: { version: view.version, action: choices[i % choices.length] },
            patient: true,
          }),
        ),
      );
      const bodies = await Promise.all(answers.map((res) => res.json<Record<string, unknown>>()));
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const winner = bodies[statuses.indexOf(200)] as unknown as TableView;
      for (const [i, body] of bodies.entries()) {
        if (statuses[i] === 200) continue;
        expect(body.error).toMatchObject({ code: "ERR_STALE_VERSION" });
        expect((body.view as TableView).version).toBe(winner.version);
      }
      // One action and the computer players' answers to it were logged, nothing else.
      const after = await readState(game.id);
      expect(after.version).toBe(winner.version);
      expect(after.actions - before.actions).toBe(after.version - before.version);
    }
  });
});

describe("deal numbers", () => {
  it("serve a finished deal only under its plain decimal number", async () => {
    const alice = await createPlayer("Alice");
    const game = await createTable(alice, { seats: 3, deals: 3, bots: 2 });
    let view = await getView(alice, game.id);
    while (view.dealNumber === 0) {
      const action = view.legal.find((a) => a.type !== "concede" && a.type !== "claim");
      const res = await act(alice, game.id, view.version, action);
      expect(res.status).toBe(200);
      view = await res.json<TableView>();
    }
    const get = (n: string) =>
      call("GET", `/api/tables/${game.id}/deals/${n}?invite=${game.invite}`, {
        address: "198.19.0.1",
      });
    expect((await get("1")).status).toBe(200);
    for (const n of ["0x1", "1.0", "01", "1e0", "+1", "%201", "1%20", "0b1", "0o1", "1.", "2"]) {
      const res = await get(n);
      expect(res.status, n).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: expect.stringMatching(/^ERR_/) } });
    }
  });
});

describe("simultaneous joins", () => {
  it("gives the last free seat to exactly one of many players", async () => {
    const host = await createPlayer("Host");
    const game = await createTable(host, { seats: 3, deals: 3, bots: 1 });
    const guests = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createPlayer(`Guest ${i + 1}`)),
    );
    const answers = await Promise.all(
      guests.map((guest) =>
        call("POST", `/api/tables/${game.id}/join`, {
          token: guest.token,
          address: guest.address,
          body: { invite: game.invite },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const winner = guests[statuses.indexOf(200)] as Player;
    const view = await getView(winner, game.id);
    expect(view.seat).toBe(2);
    expect(view.phase).toBe("bidding");
    // Joining again, even many times at once, returns the same seat and changes nothing.
    const before = await readState(game.id);
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", `/api/tables/${game.id}/join`, {
          token: winner.token,
          address: winner.address,
          body: { invite: game.invite },
        }),
      ),
    );
    for (const res of again) expect(await res.json()).toEqual({ seat: 2 });
    expect(await readState(game.id)).toEqual(before);
  });
});
