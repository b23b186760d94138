/** A small API client for the workerd tests: it talks to the real Worker, DO and D1. */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../../worker/index";
import type { TableView } from "../../../worker/table";

export const ORIGIN = "http://fernskat.test";
let addressCounter = 0;

/** Each test client gets its own address, so the per-address rate limit is not shared by accident. */
export function freshAddress(): string {
  addressCounter++;
  return `198.51.100.${addressCounter % 250}`;
}

export interface Player {
  id: string;
  name: string;
  token: string;
  address: string;
}

export async function call(
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    address?: string;
    /** Wait for the next rate-limit window and retry when the answer is 429. */
    patient?: boolean;
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "CF-Connecting-IP": options.address ?? "203.0.113.1",
    ...options.headers,
  };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
  for (;;) {
    const res = await dispatch(new Request(`${ORIGIN}${path}`, { method, headers, body }));
    if (res.status !== 429 || !options.patient) return res;
    await res.body?.cancel();
    await untilNextRateWindow();
  }
}

/**
 * Hands a request to the Worker's own fetch handler with the real bindings. `exports.default.fetch`
 * reaches the same handler through the test harness's loopback, whose cost per request grows with
 * every request the file has made (5 ms at first, 100+ ms after a few hundred; workers-sdk#15446),
 * which would make the hundreds of requests here take minutes.
 */
export function dispatch(request: Request): Promise<Response> {
  return Promise.resolve(worker.fetch(request, env, createExecutionContext()));
}

/** The rate limits count in fixed 10-second windows (see wrangler.toml). */
export const RATE_WINDOW_MS = 10_000;

export function untilNextRateWindow(): Promise<void> {
  const wait = RATE_WINDOW_MS - (Date.now() % RATE_WINDOW_MS) + 50;
  return new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * A new player. Tests drive every move themselves, so automatic play of forced cards (on by
 * default for real players) is switched off unless a test asks for it.
 */
export async function createPlayer(
  name: string,
  options: { autoPlay?: boolean } = {},
): Promise<Player> {
  const address = freshAddress();
  const res = await call("POST", "/api/players", { body: { name }, address });
  if (res.status !== 201) throw new Error(`createPlayer: ${res.status} ${await res.text()}`);
  const body = await res.json<{ player: { id: string; name: string }; token: string }>();
  const player = { ...body.player, token: body.token, address };
  if (options.autoPlay !== true) {
    const set = await call("PUT", "/api/me/settings", {
      token: player.token,
      body: { autoPlay: false },
      address,
    });
    if (set.status !== 200)
      throw new Error(`createPlayer settings: ${set.status} ${await set.text()}`);
  }
  return player;
}

export async function createTable(
  player: Player,
  options: { seats: 3 | 4; deals?: number; bots?: number; moveHours?: number; nonce?: string },
): Promise<{ id: string; invite: string; commitments: string[] }> {
  const res = await call("POST", "/api/tables", {
    token: player.token,
    body: options,
    address: player.address,
    patient: true,
  });
  if (res.status !== 201) throw new Error(`createTable: ${res.status} ${await res.text()}`);
  const body = await res.json<{ table: { id: string; invite: string }; commitments: string[] }>();
  return { ...body.table, commitments: body.commitments };
}

export async function join(
  player: Player,
  tableId: string,
  invite: string,
  nonce?: string,
): Promise<number> {
  const res = await call("POST", `/api/tables/${tableId}/join`, {
    token: player.token,
    body: nonce ? { invite, nonce } : { invite },
    address: player.address,
    patient: true,
  });
  if (res.status !== 200) throw new Error(`join: ${res.status} ${await res.text()}`);
  return (await res.json<{ seat: number }>()).seat;
}

export async function getView(player: Player, tableId: string): Promise<TableView> {
  const res = await call("GET", `/api/tables/${tableId}`, {
    token: player.token,
    address: player.address,
    patient: true,
  });
  if (res.status !== 200) throw new Error(`view: ${res.status} ${await res.text()}`);
  return res.json<TableView>();
}

export async function act(
  player: Player,
  tableId: string,
  version: number,
  action: unknown,
): Promise<Response> {
  return call("POST", `/api/tables/${tableId}/actions`, {
    token: player.token,
    body: { version, action },
    address: player.address,
    patient: true,
  });
}

/** A spectator's view: no token, only the invite. */
export async function spectate(tableId: string, invite: string): Promise<TableView> {
  const res = await call("GET", `/api/tables/${tableId}?invite=${invite}`, {
    address: freshAddress(),
    patient: true,
  });
  if (res.status !== 200) throw new Error(`spectate: ${res.status} ${await res.text()}`);
  return res.json<TableView>();
}
