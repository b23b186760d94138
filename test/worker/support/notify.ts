/**
 * Notifications and time for the workerd tests: browser-like push subscriptions and webhooks at
 * the Node stand-ins (test/support/), what those received, and a table's clock and outbox.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { inject } from "vitest";
import { base64url } from "../../../worker/lib/auth";
import type { TableRecord } from "../../../worker/table";
import type {
  HookRequest,
  HookResponse,
  PushDelivery,
  StandInSubscription,
} from "../../support/stand-ins";
import { tableStub } from "./audit";
import { call, type Player } from "./client";

export const HOUR_MS = 3600_000;

export function uniqueName(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

async function control(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Web Push

export interface BrowserPush {
  /** The stand-in's name for this subscription. */
  id: string;
  /** What PushManager.subscribe() hands the page, as the client posts it to /api/me/push. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/**
 * A subscription made like a browser makes one: a fresh P-256 key pair and a 16-byte auth secret.
 * The stand-in push service gets the private half, so that it can decrypt like the browser.
 */
export async function browserSubscription(
  options: Pick<StandInSubscription, "status"> = {},
): Promise<BrowserPush> {
  const { pushEndpointBase, pushControl } = inject("standIns");
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(
    (await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer,
  );
  const privateKey = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  const auth = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const id = uniqueName("device");
  await control("PUT", `${pushControl}/_control/subscriptions/${id}`, {
    privateKey: privateKey.d as string,
    auth,
    ...options,
  } satisfies StandInSubscription);
  return {
    id,
    subscription: {
      endpoint: `${pushEndpointBase}${id}`,
      keys: { p256dh: base64url(publicKey), auth },
    },
  };
}

export async function pushDeliveries(id: string): Promise<PushDelivery[]> {
  const { pushControl } = inject("standIns");
  return (await control("GET", `${pushControl}/_control/deliveries/${id}`)).json();
}

export async function subscribe(player: Player, push: BrowserPush): Promise<void> {
  const res = await call("POST", "/api/me/push", {
    token: player.token,
    address: player.address,
    body: push.subscription,
    patient: true,
  });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/** A receiver's URL: at the fake https host, or (`local`) over plain http on localhost. */
export function hookUrl(name: string, local = false): string {
  const { hookBase, localHookBase } = inject("standIns");
  return `${local ? localHookBase : hookBase}${name}`;
}

export async function addWebhook(player: Player, url: string, format: string): Promise<string> {
  const res = await call("POST", "/api/me/webhooks", {
    token: player.token,
    address: player.address,
    body: { url, format },
    patient: true,
  });
  if (res.status !== 201) throw new Error(`addWebhook: ${res.status} ${await res.text()}`);
  return (await res.json<{ id: string }>()).id;
}

/** A new receiver for the player, in the plain JSON format; returns the receiver's name. */
export async function jsonHook(player: Player): Promise<string> {
  const name = uniqueName(player.name.toLowerCase());
  await addWebhook(player, hookUrl(name), "json");
  return name;
}

export async function hookRequests(name: string): Promise<HookRequest[]> {
  const { hookControl } = inject("standIns");
  return (await control("GET", `${hookControl}/_control/hooks/${name}`)).json();
}

/** The plain-JSON notifications a receiver got, parsed. */
export async function jsonNotes(
  name: string,
): Promise<{ type: string; title: string; body: string; url: string; table: string }[]> {
  return (await hookRequests(name)).map((request) => JSON.parse(request.body));
}

/** What the receiver answers to its next requests, in order; 200 afterwards. */
export async function scriptHook(name: string, responses: HookResponse[]): Promise<void> {
  const { hookControl } = inject("standIns");
  await control("PUT", `${hookControl}/_control/hooks/${name}`, responses);
}

// ---------------------------------------------------------------------------------------------
// Settings

export async function putSettings(player: Player, body: Record<string, unknown>): Promise<void> {
  const res = await call("PUT", "/api/me/settings", {
    token: player.token,
    address: player.address,
    body,
    patient: true,
  });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
}

/**
 * No quiet hours for this player: the tests run at any hour, and the default quiet hours
 * (22-7 UTC) would otherwise hold their notifications.
 */
export function neverQuiet(player: Player): Promise<void> {
  return putSettings(player, { quietStart: 0, quietEnd: 0 });
}

// ---------------------------------------------------------------------------------------------
// The table's clock and outbox

/** Waits for the table's outbox to be sent: D1 rows and every notification that is due. */
export async function settle(tableId: string): Promise<void> {
  await tableStub(tableId).flushOutbox();
}

/**
 * As if `ms` had passed since the current turn began: moves the stored turn start back (and a
 * reminder already sent for this turn with it), then has the object reread its storage.
 */
export async function ageTurn(tableId: string, ms: number): Promise<void> {
  await runInDurableObject(tableStub(tableId), (instance, state) => {
    const sql = state.storage.sql;
    const record = JSON.parse(
      sql.exec<{ json: string }>("SELECT json FROM state WHERE id = 1").one().json,
    ) as TableRecord;
    const since = record.turnSince;
    if (since === null) throw new Error("ageTurn: nobody's turn");
    record.turnSince = since - ms;
    for (const seat of record.seats) {
      if (seat.automation?.remindedTurn === since) seat.automation.remindedTurn = since - ms;
    }
    sql.exec("UPDATE state SET json = ? WHERE id = 1", JSON.stringify(record));
    // The object keeps its record in memory; load() is how it rebuilds it after an eviction.
    (instance as unknown as { load(): void }).load();
  });
}

export interface QueuedNote {
  attempts: number;
  nextAt: number;
  playerId: string;
  kind: string;
}

/** Notifications still waiting in the table's outbox. */
export function queuedNotes(tableId: string): Promise<QueuedNote[]> {
  return runInDurableObject(tableStub(tableId), (_instance, state) =>
    state.storage.sql
      .exec<{ attempts: number; next_at: number; json: string }>(
        "SELECT attempts, next_at, json FROM outbox WHERE kind = 'notify' ORDER BY id",
      )
      .toArray()
      .map((row) => {
        const item = JSON.parse(row.json) as { playerId: string; note: { kind: string } };
        return {
          attempts: row.attempts,
          nextAt: row.next_at,
          playerId: item.playerId,
          kind: item.note.kind,
        };
      }),
  );
}

/** Time moves on to when the waiting notifications are due, and the table's alarm rings. */
export async function ringWithNotesDue(tableId: string): Promise<void> {
  await runInDurableObject(tableStub(tableId), (_instance, state) => {
    state.storage.sql.exec("UPDATE outbox SET next_at = ? WHERE kind = 'notify'", Date.now());
  });
  await ring(tableId);
}

/**
 * The table's alarm rings now. The object also sets short alarms of its own (seconds after a
 * move, to write D1), and while one of those rings no alarm is set; then one is set to run here.
 */
export async function ring(tableId: string): Promise<void> {
  const stub = tableStub(tableId);
  await runInDurableObject(stub, async (_instance, state) => {
    if ((await state.storage.getAlarm()) === null)
      await state.storage.setAlarm(Date.now() + HOUR_MS);
  });
  if (!(await runDurableObjectAlarm(stub))) throw new Error("ring: the alarm did not run");
}

/** The table's log, oldest first, with the reason of every automatic move. */
export function actionLog(
  tableId: string,
): Promise<{ seq: number; seat: number; action: { type: string }; auto: string | null }[]> {
  return runInDurableObject(tableStub(tableId), (_instance, state) =>
    state.storage.sql
      .exec<{ seq: number; seat: number; action: string; auto: string | null }>(
        "SELECT seq, seat, action, auto FROM actions ORDER BY seq",
      )
      .toArray()
      .map((row) => ({ ...row, action: JSON.parse(row.action) })),
  );
}

export function alarmAt(tableId: string): Promise<number | null> {
  return runInDurableObject(tableStub(tableId), (_instance, state) => state.storage.getAlarm());
}
