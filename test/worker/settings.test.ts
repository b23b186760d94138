/**
 * A player's own settings (GET/PUT /api/me/settings) and push subscriptions (POST/DELETE
 * /api/me/push): defaults, round trips, what reaches the tables, and every refusal with its
 * envelope and nothing changed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createPlayer, createTable, getView, type Player } from "./support/client";
import { browserSubscription } from "./support/notify";

const settingsOf = async (player: Player) => {
  const res = await call("GET", "/api/me/settings", {
    token: player.token,
    address: player.address,
  });
  expect(res.status).toBe(200);
  return res.json<Record<string, unknown>>();
};

const put = (
  player: Player,
  body: unknown,
  options: { rawBody?: string; headers?: Record<string, string> } = {},
) =>
  call("PUT", "/api/me/settings", {
    token: player.token,
    address: player.address,
    body,
    patient: true,
    ...options,
  });

async function expectRefused(res: Response, status: number, code: string, label: string) {
  expect(res.status, label).toBe(status);
  const body = await res.json<{ error: { code: string; message: string } }>();
  expect(body, label).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length, label).toBeGreaterThan(0);
}

describe("settings", () => {
  it("start from the defaults and keep what is saved, field by field", async () => {
    const anna = await createPlayer("Anna", { autoPlay: true });
    expect(await settingsOf(anna)).toEqual({
      name: "Anna",
      timeZone: "UTC",
      quietStart: 22,
      quietEnd: 7,
      autoPlay: true,
      webhooks: [],
      pushSubscriptions: 0,
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
    });
    const saved = await put(anna, {
      name: "Anna Maria",
      timeZone: "Europe/Berlin",
      quietStart: 23,
      quietEnd: 6,
      autoPlay: false,
    });
    expect(saved.status).toBe(200);
    const expected = {
      name: "Anna Maria",
      timeZone: "Europe/Berlin",
      quietStart: 23,
      quietEnd: 6,
      autoPlay: false,
    };
    expect(await saved.json()).toMatchObject(expected);
    expect(await settingsOf(anna)).toMatchObject(expected);
    // A partial update leaves the rest; the extreme hours and equal hours (no quiet time) are fine.
    expect((await put(anna, { quietEnd: 0 })).status).toBe(200);
    expect((await put(anna, { quietStart: 0, timeZone: "America/St_Johns" })).status).toBe(200);
    expect(await settingsOf(anna)).toMatchObject({
      ...expected,
      timeZone: "America/St_Johns",
      quietStart: 0,
      quietEnd: 0,
    });
    expect((await put(anna, { quietStart: 23, quietEnd: 23 })).status).toBe(200);
  });

  it("refuses bad time zones, hours, flags, names and unknown fields with the envelope, changing nothing", async () => {
    const anna = await createPlayer("Anna");
    await put(anna, { timeZone: "Europe/Warsaw", quietStart: 21, quietEnd: 8 });
    const before = await settingsOf(anna);
    const refusals: [unknown, string][] = [
      [{ timeZone: "Mars/Olympus_Mons" }, "ERR_BAD_FIELD"],
      [{ timeZone: "" }, "ERR_BAD_FIELD"],
      [{ timeZone: `Europe/${"x".repeat(60)}` }, "ERR_BAD_FIELD"],
      [{ timeZone: 1 }, "ERR_BAD_FIELD"],
      [{ timeZone: null }, "ERR_BAD_FIELD"],
      [{ quietStart: -1 }, "ERR_BAD_FIELD"],
      [{ quietStart: 24 }, "ERR_BAD_FIELD"],
      [{ quietStart: 7.5 }, "ERR_BAD_FIELD"],
      [{ quietStart: "7" }, "ERR_BAD_FIELD"],
      [{ quietStart: null }, "ERR_BAD_FIELD"],
      [{ quietEnd: 25 }, "ERR_BAD_FIELD"],
      [{ quietEnd: -0.5 }, "ERR_BAD_FIELD"],
      [{ quietEnd: true }, "ERR_BAD_FIELD"],
      [{ autoPlay: "yes" }, "ERR_BAD_FIELD"],
      [{ autoPlay: 1 }, "ERR_BAD_FIELD"],
      [{ autoPlay: null }, "ERR_BAD_FIELD"],
      [{ name: "" }, "ERR_BAD_NAME"],
      [{ name: "x".repeat(33) }, "ERR_BAD_NAME"],
      [{ name: "<b>Anna</b>" }, "ERR_BAD_NAME"],
      [{ name: 5 }, "ERR_BAD_FIELD"],
      [{ theme: "dark" }, "ERR_UNKNOWN_FIELD"],
      [{ quietStart: 22, webhooks: [] }, "ERR_UNKNOWN_FIELD"],
      [{ pushSubscriptions: 0 }, "ERR_UNKNOWN_FIELD"],
      // One bad field spoils the whole update.
      [{ quietStart: 1, quietEnd: 2, timeZone: "Nowhere/Land" }, "ERR_BAD_FIELD"],
      [{ timeZone: "UTC", quietEnd: 99 }, "ERR_BAD_FIELD"],
    ];
    for (const [body, code] of refusals) {
      await expectRefused(await put(anna, body), 400, code, JSON.stringify(body));
    }
    await expectRefused(
      await put(anna, undefined, { rawBody: "[]" }),
      400,
      "ERR_BAD_BODY",
      "array",
    );
    await expectRefused(await put(anna, undefined, { rawBody: "{" }), 400, "ERR_BAD_JSON", "json");
    await expectRefused(
      await put(anna, undefined, {
        rawBody: "quietStart=1",
        headers: { "Content-Type": "text/plain" },
      }),
      415,
      "ERR_CONTENT_TYPE",
      "form",
    );
    await expectRefused(
      await call("PUT", "/api/me/settings", { body: { quietStart: 1 } }),
      401,
      "ERR_NO_TOKEN",
      "no token",
    );
    await expectRefused(
      await call("GET", "/api/me/settings", { token: "not.a.token" }),
      401,
      "ERR_BAD_TOKEN",
      "bad token",
    );
    expect(await settingsOf(anna)).toEqual(before);
  });

  it("reach the tables the player sits at: the name and auto-play", async () => {
    const anna = await createPlayer("Anna");
    const table = await createTable(anna, { seats: 3, deals: 3, bots: 2 });
    const before = await getView(anna, table.id);
    expect(before.automation).toMatchObject({ autoPlay: false });
    await put(anna, { name: "Anneliese", autoPlay: true });
    const after = await getView(anna, table.id);
    expect(after.table.seats[0]?.name).toBe("Anneliese");
    expect(after.automation).toMatchObject({ autoPlay: true });
    expect(after.version).toBeGreaterThan(before.version);
    // Quiet hours are the player's own business: the table does not change for them.
    await put(anna, { quietStart: 1 });
    expect((await getView(anna, table.id)).version).toBe(after.version);
  });
});

describe("push subscriptions", () => {
  const post = (player: Player, body: unknown) =>
    call("POST", "/api/me/push", {
      token: player.token,
      address: player.address,
      body,
      patient: true,
    });
  const remove = (player: Player, body: unknown) =>
    call("DELETE", "/api/me/push", {
      token: player.token,
      address: player.address,
      body,
      patient: true,
    });

  it("take a browser's subscription and refuse anything else", async () => {
    const anna = await createPlayer("Anna");
    const { subscription } = await browserSubscription();
    const { endpoint, keys } = subscription;
    const refusals: [unknown, string][] = [
      [{ ...subscription, endpoint: endpoint.replace("https:", "http:") }, "ERR_BAD_FIELD"],
      [{ ...subscription, endpoint: `${endpoint}/${"x".repeat(1000)}` }, "ERR_BAD_FIELD"],
      [{ keys }, "ERR_BAD_FIELD"],
      [{ endpoint }, "ERR_BAD_FIELD"],
      [{ endpoint, keys: [keys.p256dh, keys.auth] }, "ERR_BAD_FIELD"],
      [{ endpoint, keys: { auth: keys.auth } }, "ERR_BAD_FIELD"],
      [{ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(0, -2) } }, "ERR_BAD_FIELD"],
      [
        { endpoint, keys: { ...keys, p256dh: `${keys.p256dh.replace(/[-_]/g, "+")}+` } },
        "ERR_BAD_FIELD",
      ],
      [{ endpoint, keys: { ...keys, auth: keys.auth.slice(0, -2) } }, "ERR_BAD_FIELD"],
      [{ endpoint, keys: { ...keys, auth: `${keys.auth}AAAA` } }, "ERR_BAD_FIELD"],
      [{ endpoint, keys: { ...keys, secret: "x" } }, "ERR_UNKNOWN_FIELD"],
      [{ ...subscription, device: "phone" }, "ERR_UNKNOWN_FIELD"],
    ];
    for (const [body, code] of refusals)
      await expectRefused(await post(anna, body), 400, code, JSON.stringify(body).slice(0, 120));
    expect(await settingsOf(anna)).toMatchObject({ pushSubscriptions: 0 });

    // What PushSubscription.toJSON() gives, expirationTime included.
    const saved = await post(anna, { ...subscription, expirationTime: null });
    expect(saved.status).toBe(201);
    expect(await settingsOf(anna)).toMatchObject({ pushSubscriptions: 1 });
  });

  it("are at most ten per player; the same one again is an update; each removable only by its player", async () => {
    const anna = await createPlayer("Anna");
    const bernd = await createPlayer("Bernd");
    const browsers = await Promise.all(Array.from({ length: 11 }, () => browserSubscription()));
    for (const browser of browsers.slice(0, 10))
      expect((await post(anna, browser.subscription)).status).toBe(201);
    await expectRefused(
      await post(anna, (browsers[10] as (typeof browsers)[number]).subscription),
      409,
      "ERR_TOO_MANY",
      "11th",
    );
    // A browser that subscribes again (new keys, same endpoint) is not a new device.
    const first = browsers[0] as (typeof browsers)[number];
    const renewed = {
      ...first.subscription,
      keys: (browsers[10] as (typeof browsers)[number]).subscription.keys,
    };
    expect((await post(anna, renewed)).status).toBe(201);
    expect(await settingsOf(anna)).toMatchObject({ pushSubscriptions: 10 });
    const row = await env.DB.prepare("SELECT p256dh FROM push_subscriptions WHERE endpoint = ?")
      .bind(first.subscription.endpoint)
      .first<{ p256dh: string }>();
    expect(row?.p256dh).toBe(renewed.keys.p256dh);

    expect((await remove(bernd, { endpoint: first.subscription.endpoint })).status).toBe(204);
    expect(await settingsOf(anna)).toMatchObject({ pushSubscriptions: 10 });
    await expectRefused(await remove(anna, { endpoint: 5 }), 400, "ERR_BAD_FIELD", "endpoint type");
    await expectRefused(
      await remove(anna, { endpoint: "x", keys: {} }),
      400,
      "ERR_UNKNOWN_FIELD",
      "extra",
    );
    expect((await remove(anna, { endpoint: first.subscription.endpoint })).status).toBe(204);
    expect(await settingsOf(anna)).toMatchObject({ pushSubscriptions: 9 });
    expect(
      (await post(anna, (browsers[10] as (typeof browsers)[number]).subscription)).status,
    ).toBe(201);
  });
});
