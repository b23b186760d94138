/**
 * Web Push from inside the Worker, received by the stand-in push service (test/support/
 * push-service.ts), which checks VAPID like a real one and decrypts like the browser would.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Seat } from "../../shared/engine";
import { call, createPlayer, createTable, join, ORIGIN } from "./support/client";
import { handTurnTo, plainChoice } from "./support/drive";
import {
  type BrowserPush,
  browserSubscription,
  neverQuiet,
  pushDeliveries,
  queuedNotes,
  settle,
  subscribe,
} from "./support/notify";

const ANNA: Seat = 0;

/** Anna (seat 0, with no quiet hours) with her browsers' subscriptions, a computer, and Bernd. */
async function annaWithBrowsers(browsers: BrowserPush[]) {
  const anna = await createPlayer("Anna");
  const bernd = await createPlayer("Bernd");
  await neverQuiet(anna);
  for (const browser of browsers) await subscribe(anna, browser);
  const table = await createTable(anna, { seats: 3, deals: 3, bots: 1 });
  expect(await join(bernd, table.id, table.invite)).toBe(2);
  await handTurnTo([anna, null, bernd], table.id, ANNA, (view) => plainChoice(view, 264));
  await settle(table.id);
  return { anna, table };
}

async function endpointsOf(playerId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT endpoint FROM push_subscriptions WHERE player_id = ? ORDER BY endpoint",
  )
    .bind(playerId)
    .all<{ endpoint: string }>();
  return results.map((row) => row.endpoint);
}

describe("Web Push", () => {
  it("sends the turn, VAPID-signed and aes128gcm-encrypted, to the player's browser", async () => {
    const browser = await browserSubscription();
    const { anna, table } = await annaWithBrowsers([browser]);
    const settings = await call("GET", "/api/me/settings", {
      token: anna.token,
      address: anna.address,
    });
    expect(await settings.json()).toMatchObject({
      pushSubscriptions: 1,
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
    });

    const deliveries = await pushDeliveries(browser.id);
    expect(deliveries).toHaveLength(1);
    const [push] = deliveries;
    expect(push).toMatchObject({
      verdict: "ok",
      status: 201,
      authScheme: "vapid",
      contentEncoding: "aes128gcm",
      ttl: String(24 * 3600),
      urgency: "normal",
      topic: `fernskat-${table.id}`,
      claims: { aud: "https://push.test", sub: env.VAPID_SUBJECT },
    });
    expect(JSON.parse(push?.payload as string)).toEqual({
      title: "Your turn at Anna's table",
      body: "Deal 1 of 3: it is your move.",
      url: `${ORIGIN}/t/${table.id}`,
      tag: `fernskat-${table.id}`,
    });
    expect(await queuedNotes(table.id)).toEqual([]);
  });

  it("is checked for real: a message encrypted for other keys is refused and retried", async () => {
    const [browser, other] = [await browserSubscription(), await browserSubscription()];
    // The endpoint of one browser with the keys of another: the push service cannot decrypt it.
    const mixed = {
      ...browser,
      subscription: { ...browser.subscription, keys: other.subscription.keys },
    };
    const { table } = await annaWithBrowsers([mixed]);
    const [push] = await pushDeliveries(browser.id);
    expect(push?.verdict).toMatch(/^cannot decrypt/);
    expect(push?.payload).toBeNull();
    expect(await queuedNotes(table.id)).toMatchObject([{ kind: "turn", attempts: 1 }]);
  });

  it("removes a subscription the push service calls gone (410 or 404) and keeps the others", async () => {
    const gone = await browserSubscription({ status: 410 });
    const unknown = await browserSubscription({ status: 404 });
    const healthy = await browserSubscription();
    const { anna, table } = await annaWithBrowsers([gone, unknown, healthy]);
    expect((await pushDeliveries(gone.id)).map((push) => [push.verdict, push.status])).toEqual([
      ["ok", 410],
    ]);
    expect((await pushDeliveries(unknown.id)).map((push) => push.status)).toEqual([404]);
    expect(await pushDeliveries(healthy.id)).toMatchObject([{ verdict: "ok", status: 201 }]);
    expect(await endpointsOf(anna.id)).toEqual([healthy.subscription.endpoint]);
    const settings = await call("GET", "/api/me/settings", {
      token: anna.token,
      address: anna.address,
    });
    expect(await settings.json()).toMatchObject({ pushSubscriptions: 1 });
    // Gone is not a failure: nothing waits for a retry.
    expect(await queuedNotes(table.id)).toEqual([]);
  });
});
