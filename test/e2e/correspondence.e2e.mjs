// Fewer hand-offs and turn notifications, through the UI: a private bid limit that the server
// bids under, automatic play of forced cards switched off and on, notifications on this device
// (the permission asked only after a tap; a real subscription or a clear reason why not),
// webhooks and quiet hours. Deals come from seeds the test cannot choose, so each scenario
// drives the table until its situation occurs, in bounded loops.
import assert from "node:assert/strict";
import { autoplayStep } from "./autoplay.mjs";
import { test } from "./harness.mjs";

/** @param {import("playwright-core").Page} page @param {string} name */
async function startPlayer(page, name) {
  await page.goto("/");
  await page.getByTestId("name").fill(name);
  await page.getByTestId("start-button").click();
  await page.getByTestId("new-table").waitFor();
}

/** @param {import("playwright-core").Page} page @param {number} bots */
async function createTable(page, bots) {
  await page.goto("/");
  await page.getByTestId("new-table").click();
  await page.locator(`label:has([data-testid="bots-${bots}"])`).click();
  await page.getByTestId("create").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{14}$/);
  return new URL(page.url()).pathname.split("/")[2];
}

/** The API as this page's player: the token the app keeps on the device. */
async function apiAs(page, method, path, body) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("fernskat.session") ?? "{}").token,
  );
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  assert.ok(res.ok(), `${method} ${path}: HTTP ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? null : res.json();
}

const shown = async (locator) => (await locator.count()) > 0 && locator.first().isVisible();
const phaseOf = (page) => page.locator(".table-page").getAttribute("data-phase");
const versionOf = (page) => page.locator(".table-page").getAttribute("data-version").then(Number);

/**
 * The seat's calls in the auction are what "I go up to `limit`" allows: bids and holds at values
 * up to the limit, and a pass only as its last word; as declarer it won at most at the limit.
 */
function assertWithinLimit(view, seat, limit) {
  const calls = view.auction.filter((call) => call.seat === seat);
  assert.ok(calls.length > 0, `seat ${seat} was never asked: ${JSON.stringify(view.auction)}`);
  let reached = 0;
  for (const [i, call] of view.auction.entries()) {
    if (call.call === "bid") reached = call.value;
    if (call.seat !== seat) continue;
    if (call.call === "bid") assert.ok(call.value <= limit, `bid ${call.value} above ${limit}`);
    if (call.call === "hold") assert.ok(reached <= limit, `held ${reached} above ${limit}`);
    if (call.call === "pass") {
      const later = view.auction.slice(i + 1).some((c) => c.seat === seat);
      assert.ok(!later, "spoke again after passing");
    }
  }
  if (view.declarer === seat) assert.ok(view.bid <= limit, `won at ${view.bid} above ${limit}`);
  else assert.ok(calls.at(-1)?.call === "pass", `lost the bidding without passing: ${calls}`);
}

test(
  "a bid limit answers the bidding for its player at once, up to the limit, and no one else sees it",
  async ({ page, newPage }) => {
    // Two people and a computer player: the one not asked first sets the limit while waiting.
    await startPlayer(page, "Anna");
    const tableId = await createTable(page, 1);
    const invite = await page.getByTestId("invite-link").inputValue();
    const bert = await newPage();
    await bert.goto(invite);
    await bert.getByTestId("join-name").fill("Bert");
    await bert.getByTestId("join-button").click();
    const people = [page, bert];
    for (const p of people) await p.locator('.table-page[data-phase="bidding"]').waitFor();

    // The computer answers at once, so the bidding waits for one of the two people.
    let asked;
    for (let round = 0; round < 100 && !asked; round++) {
      for (const p of people) if (await shown(p.getByTestId("bidding-actions"))) asked = p;
      if (!asked) await page.waitForTimeout(100);
    }
    assert.ok(asked, "nobody was asked to bid");
    const setter = asked === page ? bert : page;
    const setterSeat = (await apiAs(setter, "GET", `/api/tables/${tableId}`)).seat;
    const askedSeat = (await apiAs(asked, "GET", `/api/tables/${tableId}`)).seat;
    // The seat to act shows how long it has left.
    const clock = setter.locator(`.seat[data-seat="${askedSeat}"] [data-testid="seat-clock"]`);
    assert.match((await clock.textContent()) ?? "", /^\d+ (hr|min|days?) left$/);

    // Set, clear, set again: each answer is the setter's own view.
    const limit = 24;
    await setter.getByTestId("bid-limit-value").selectOption(String(limit));
    await setter.getByTestId("bid-limit-set").click();
    await setter.getByTestId("bid-limit-active").waitFor();
    assert.match(
      (await setter.getByTestId("bid-limit-active").textContent()) ?? "",
      new RegExp(`\\b${limit}\\b`),
    );
    assert.equal((await apiAs(setter, "GET", `/api/tables/${tableId}`)).automation.bidLimit, limit);

    // Private: the other player and a spectator have neither the limit nor a control for it.
    assert.equal(await asked.getByTestId("bid-limit-active").count(), 0);
    assert.equal((await apiAs(asked, "GET", `/api/tables/${tableId}`)).automation.bidLimit, null);
    const watcher = await newPage();
    await watcher.goto(invite);
    await watcher.locator('.table-page[data-phase="bidding"]').waitFor();
    assert.equal(await watcher.locator('[data-testid^="bid-limit"]').count(), 0);
    const spectatorView = await (
      await watcher.request.get(
        `/api/tables/${tableId}?invite=${new URL(invite).searchParams.get("i")}`,
      )
    ).json();
    assert.equal(spectatorView.seat, null);
    assert.equal(spectatorView.automation, null);

    await setter.getByTestId("bid-limit-clear").click();
    await setter.getByTestId("bid-limit").waitFor();
    assert.equal((await apiAs(setter, "GET", `/api/tables/${tableId}`)).automation.bidLimit, null);
    await setter.getByTestId("bid-limit-value").selectOption(String(limit));
    await setter.getByTestId("bid-limit-set").click();
    await setter.getByTestId("bid-limit-active").waitFor();

    // The other player bids by clicks; the setter is never asked while the bidding runs.
    const memory = { bid: false };
    for (let round = 0; round < 60 && (await phaseOf(asked)) === "bidding"; round++) {
      assert.equal(
        await setter.getByTestId("bidding-actions").count(),
        0,
        "the player with a bid limit was asked to bid",
      );
      if (!(await autoplayStep(asked, memory))) await asked.waitForTimeout(150);
    }
    const view = await apiAs(setter, "GET", `/api/tables/${tableId}`);
    assert.equal(
      view.dealNumber,
      0,
      "still the first deal (a limit of 18 or more never passes in)",
    );
    assert.notEqual(view.phase, "bidding");
    assertWithinLimit(view, setterSeat, limit);
    // The auction beside the table shows the setter's calls.
    const setterName = setter === page ? "Anna" : "Bert";
    const calls = await setter.locator(".auction li").allTextContents();
    assert.ok(
      calls.some((text) => text.includes(setterName)),
      `no call by ${setterName}: ${calls}`,
    );
    assert.equal(await setter.locator('[data-testid^="bid-limit"]').count(), 0);
  },
  { timeout: 90_000 },
);

test("a bid limit set on your own turn against two computer players settles the bidding at once", async ({
  page,
  screenshot,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await startPlayer(page, "Carla");
  const tableId = await createTable(page, 2);
  await page.getByTestId("bidding-actions").waitFor({ timeout: 15_000 });
  // The lowest limit on offer: the value already reached (or 18), which the player holds or bids.
  const limit = Number(
    await page.locator('[data-testid="bid-limit-value"] option').nth(1).getAttribute("value"),
  );
  assert.ok(limit >= 18);
  await page.getByTestId("bid-limit-value").selectOption(String(limit));
  await screenshot("bid-limit-360x740");
  await page.getByTestId("bid-limit-set").click();
  await page.locator('.table-page:not([data-phase="bidding"])').waitFor();
  assert.equal(await page.getByTestId("bidding-actions").count(), 0);
  const view = await apiAs(page, "GET", `/api/tables/${tableId}`);
  assert.equal(view.dealNumber, 0);
  assertWithinLimit(view, view.seat, limit);
});

/**
 * Plays `deals` deals on this page (computer players at the other seats). On each turn to play,
 * `onMyTurn` hears how many cards are playable before the first of them is tapped; every other
 * move is autoplayStep's. Returns per finished deal how many cards the player tapped and how
 * many they played in all.
 * @param {import("playwright-core").Page} page
 * @param {{ onMyTurn: (playable: number) => Promise<void>, deals: number, tableId: string }} options
 */
async function playDeals(page, { onMyTurn, deals, tableId }) {
  const finished = [];
  let taps = 0;
  let memory = { bid: false };
  const deadline = Date.now() + 100_000;
  while (finished.length < deals) {
    assert.ok(Date.now() < deadline, `not done in time: ${JSON.stringify(finished)}`);
    if (await shown(page.locator('[data-testid="result-dialog"][open]'))) {
      const view = await apiAs(page, "GET", `/api/tables/${tableId}`);
      const reveal = view.previous;
      const played = [...reveal.tricks.flatMap((trick) => trick.cards), ...reveal.trick].filter(
        (card) => card.seat === view.seat,
      ).length;
      finished.push({ deal: reveal.deal, taps, played });
      taps = 0;
      memory = { bid: false };
      await page.getByTestId("continue").click();
      continue;
    }
    const myTurn = page.locator('.table-page[data-phase="play"] .hand.my-turn');
    if (await shown(myTurn)) {
      const playable = page.locator(".hand-card.playable:not([aria-disabled])");
      const count = await playable.count();
      if (count > 0) {
        await onMyTurn(count);
        if (!(await shown(myTurn)) || (await playable.count()) === 0) continue;
        await playable.first().click();
        taps++;
        await page.locator(".hand-card.pending").waitFor({ state: "detached" });
        continue;
      }
    }
    // The turn can arrive between the look above and this step: its tap counts as well.
    const move = await autoplayStep(page, memory);
    if (move === "play") taps++;
    if (!move) await page.waitForTimeout(100);
  }
  return finished;
}

/** @param {import("playwright-core").Page} page @param {boolean} on */
async function setAutoPlay(page, on) {
  await page.getByTestId("settings-link").click();
  const toggle = page.getByTestId("auto-play");
  await page.locator('[data-testid="auto-play"]:not([disabled])').waitFor();
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await page
    .locator(`[data-testid="auto-play"]:not([disabled])${on ? ":checked" : ":not(:checked)"}`)
    .waitFor();
  const settings = await apiAs(page, "GET", "/api/me/settings");
  assert.equal(settings.autoPlay, on);
}

test(
  "automatic play of a forced card: off, the only playable card waits for a tap; on, it plays by itself",
  async ({ page }) => {
    await startPlayer(page, "Dora");
    await page.getByTestId("settings-link").click();
    assert.equal(await page.getByTestId("auto-play").isChecked(), true, "on by default");
    await setAutoPlay(page, false);
    const tableId = await createTable(page, 2);
    const tableUrl = page.url();
    assert.equal((await apiAs(page, "GET", `/api/tables/${tableId}`)).automation.autoPlay, false);

    // Off: play on until a turn offers exactly one card (the last trick always does), and
    // see that it waits.
    let waited = false;
    const off = await playDeals(page, {
      tableId,
      deals: 1,
      onMyTurn: async (playable) => {
        if (playable !== 1 || waited) return;
        const version = await versionOf(page);
        await page.waitForTimeout(1500);
        assert.equal(await versionOf(page), version, "the table moved on without the tap");
        assert.equal(await page.locator(".hand.my-turn .hand-card.playable").count(), 1);
        waited = true;
      },
    });
    for (let extra = 0; !waited && extra < 3; extra++) {
      off.push(...(await playDeals(page, { tableId, deals: 1, onMyTurn: async () => {} })));
    }
    assert.ok(waited, `never had a single playable card in ${off.length} deals`);
    for (const deal of off) {
      assert.equal(
        deal.taps,
        deal.played,
        `deal ${deal.deal + 1}: a card was played without a tap`,
      );
    }

    // On (changed in the settings, for the table already running): a single playable card is
    // never offered; the deal's cards that were not tapped went by themselves.
    await setAutoPlay(page, true);
    await page.goto(tableUrl);
    await page.getByTestId("hand").waitFor();
    assert.equal((await apiAs(page, "GET", `/api/tables/${tableId}`)).automation.autoPlay, true);
    const on = [];
    for (let round = 0; round < 4 && !on.some((deal) => deal.taps < deal.played); round++) {
      const result = await playDeals(page, {
        tableId,
        deals: 1,
        onMyTurn: async (playable) => {
          if (playable === 1) {
            // A view caught between two updates may still show it: it must be gone at once.
            const version = await versionOf(page);
            await page.waitForTimeout(1500);
            const still = await page.locator(".hand.my-turn .hand-card.playable").count();
            assert.ok(
              (await versionOf(page)) !== version || still !== 1,
              "a forced card waited for a tap with automatic play on",
            );
          }
        },
      });
      on.push(...result);
    }
    assert.ok(
      on.some((deal) => deal.taps < deal.played),
      `no card was played by itself: ${JSON.stringify(on)}`,
    );
    const summary = (deals) => deals.map((d) => `${d.taps}/${d.played}`).join(" ");
    console.log(`      (cards tapped/played per deal: off ${summary(off)}; on ${summary(on)})`);
  },
  { timeout: 150_000 },
);

/** Counts Notification.requestPermission calls, so the test sees when the page asks. */
function countPermissionRequests() {
  const original = Notification.requestPermission.bind(Notification);
  /** @type {any} */ (window).__permissionRequests = 0;
  Notification.requestPermission = (...args) => {
    /** @type {any} */ (window).__permissionRequests++;
    return original(...args);
  };
}

test("notifications on this device: permission is asked only after the tap, and a refusal is explained", async ({
  page,
}) => {
  await page.addInitScript(countPermissionRequests);
  await startPlayer(page, "Emil");
  await page.getByTestId("settings-link").click();
  await page.locator('[data-testid="push-enable"]:not([disabled])').waitFor();
  assert.equal(await page.evaluate(() => Notification.permission), "default");
  assert.equal(await page.evaluate(() => window.__permissionRequests), 0, "asked before the tap");

  await page.getByTestId("push-enable").click();
  const problem = page.getByTestId("push-problem");
  await problem.waitFor();
  assert.equal(await page.evaluate(() => window.__permissionRequests), 1);
  assert.equal(await problem.getAttribute("data-reason"), "denied");
  assert.match((await problem.textContent()) ?? "", /not allowed/);
  assert.equal((await apiAs(page, "GET", "/api/me/settings")).pushSubscriptions, 0);
});

test(
  "notifications on this device with permission granted: subscribed and sent to the server, or the page says why not",
  async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: baseURL });
    await startPlayer(page, "Frida");
    await page.getByTestId("settings-link").click();
    await page.locator('[data-testid="push-enable"]:not([disabled])').waitFor();
    await page.getByTestId("push-enable").click();
    const outcome = page.locator('[data-testid="push-on"], [data-testid="push-problem"]');
    await outcome.first().waitFor({ timeout: 20_000 });
    const subscribed = await page.getByTestId("push-on").count();
    const settings = await apiAs(page, "GET", "/api/me/settings");
    if (subscribed) {
      // A push service answered: the server holds the subscription until the player ends it.
      console.log("      (the browser reached a push service: a real subscription)");
      assert.equal(settings.pushSubscriptions, 1);
      await page.getByTestId("push-devices").waitFor();
      await page.getByTestId("push-disable").click();
      await page.getByTestId("push-enable").waitFor();
      assert.equal((await apiAs(page, "GET", "/api/me/settings")).pushSubscriptions, 0);
    } else {
      // Offline (no push service for this Chromium): the page says so, with the browser's words.
      const problem = page.getByTestId("push-problem");
      console.log(`      (no push service: "${(await problem.textContent())?.trim()}")`);
      assert.equal(await problem.getAttribute("data-reason"), "failed");
      assert.match((await problem.textContent()) ?? "", /push service/);
      assert.match((await problem.textContent()) ?? "", /The browser says: “\w+/);
      assert.equal(settings.pushSubscriptions, 0, "nothing was sent to the server");
      assert.equal(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.pushManager.getSubscription()) === null;
        }),
        true,
      );
    }
  },
  { timeout: 40_000 },
);

test("webhooks are added with a format, listed, refused with the server's reason, and removed", async ({
  page,
  screenshot,
}) => {
  await startPlayer(page, "Gero");
  await page.getByTestId("settings-link").click();
  await page.locator('[data-testid="webhook-url"]').waitFor();
  await page.getByText("No webhooks yet.").waitFor();

  await page.getByTestId("webhook-url").fill("http://example.com/hook");
  await page.getByTestId("webhook-add").click();
  const error = page.getByTestId("form-error");
  await error.waitFor();
  assert.match((await error.textContent()) ?? "", /cannot be used for a webhook.*use https/s);

  await page.getByTestId("webhook-url").fill("https://ntfy.example.com/fernskat-gero");
  await page.getByTestId("webhook-format").selectOption("ntfy");
  await page.getByTestId("webhook-add").click();
  await page.getByTestId("webhook").waitFor();
  assert.equal(await error.count(), 0, "the earlier error is gone");
  assert.match((await page.getByTestId("webhook").textContent()) ?? "", /ntfy\.example\.com.*ntfy/);

  await page.reload();
  await page.getByTestId("webhook").waitFor();
  await screenshot("settings-notifications");
  const stored = (await apiAs(page, "GET", "/api/me/settings")).webhooks;
  assert.deepEqual(
    stored.map((hook) => [hook.url, hook.format]),
    [["https://ntfy.example.com/fernskat-gero", "ntfy"]],
  );
  await page
    .getByRole("button", { name: "Remove the webhook https://ntfy.example.com/fernskat-gero" })
    .click();
  await page.getByText("No webhooks yet.").waitFor();
  assert.deepEqual((await apiAs(page, "GET", "/api/me/settings")).webhooks, []);
});

test("quiet hours start in the device's time zone and are saved as chosen", async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "Europe/Warsaw" });
  await startPlayer(page, "Hela");
  await page.getByTestId("settings-link").click();
  const zone = page.getByTestId("time-zone");
  await zone.waitFor();
  assert.equal(await zone.inputValue(), "Europe/Warsaw");
  let settings = await apiAs(page, "GET", "/api/me/settings");
  assert.equal(settings.timeZone, "Europe/Warsaw", "a new player starts in the device's zone");
  assert.deepEqual([settings.quietStart, settings.quietEnd], [22, 7]);

  await page.getByTestId("quiet-start").selectOption("23");
  await page.getByTestId("quiet-end").selectOption("6");
  await zone.selectOption("America/New_York");
  await page.getByTestId("quiet-save").click();
  await page.getByRole("button", { name: "Saved" }).waitFor();
  settings = await apiAs(page, "GET", "/api/me/settings");
  assert.deepEqual(
    [settings.timeZone, settings.quietStart, settings.quietEnd],
    ["America/New_York", 23, 6],
  );

  // Off: the same hour twice, which the server reads as no quiet hours.
  await page.getByTestId("quiet-on").uncheck();
  await page.getByTestId("quiet-save").click();
  await page.getByRole("button", { name: "Saved" }).waitFor();
  settings = await apiAs(page, "GET", "/api/me/settings");
  assert.equal(settings.quietStart, settings.quietEnd);
  await page.reload();
  assert.equal(await page.getByTestId("quiet-on").isChecked(), false);
});

test(
  "an away seat is marked, its player gets a banner with one tap back, and the score sheet marks computer moves",
  async ({ page, screenshot }) => {
    // Being away takes two missed deadlines of at least an hour each: the test marks the seat
    // away in the views the page receives (the socket blocked, so every view comes over HTTP)
    // and the server's own answer to "I'm back" clears it. Deadlines, timeouts and the away
    // state on the server are covered by the Worker tests.
    await page.routeWebSocket(/\/live/, (ws) => ws.close());
    let away = false;
    await page.route(/\/api\/tables\/[^/?]+(\?.*)?$/, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      if (response.status() !== 200) return route.fulfill({ response });
      const view = await response.json();
      if (away && view.automation) {
        view.automation.away = true;
        view.table.seats[view.seat].away = true;
        view.table.seats[(view.seat + 1) % view.players].away = true;
      }
      // The first deal was played for this player by the computer (as if they had been late).
      view.autoSeats = view.sheet.map((_, deal) => (deal === 0 ? [view.seat] : []));
      return route.fulfill({ response, json: view });
    });
    await page.route(/\/api\/tables\/[^/]+\/back$/, (route) => {
      away = false;
      return route.continue();
    });

    await startPlayer(page, "Ines");
    const tableId = await createTable(page, 2);
    const finished = await playDeals(page, { tableId, deals: 1, onMyTurn: async () => {} });
    const me = (await apiAs(page, "GET", `/api/tables/${tableId}`)).seat;
    assert.equal(finished.length, 1);

    // Whose move it is, and how long they have, beside each seat's name.
    await page.getByTestId("hand").waitFor();
    const left = page.locator(".seat-roles li time");
    await left.first().waitFor();
    assert.match((await left.first().textContent()) ?? "", /^\d+ (hr|min|days?) left$/);

    away = true;
    await page.reload();
    const banner = page.getByTestId("away-banner");
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? "", /The computer is playing for you/);
    await screenshot("away-banner");
    const other = (me + 1) % 3;
    await page
      .locator(`.opponents .seat[data-seat="${other}"] [data-testid="seat-away"]`)
      .waitFor();
    assert.match(
      (await page.locator(`.seat-roles li[data-seat="${me}"]`).textContent()) ?? "",
      /away/,
    );

    const before = await versionOf(page);
    await page.getByTestId("come-back").click();
    await banner.waitFor({ state: "detached" });
    assert.ok((await versionOf(page)) > before, "the server's answer replaced the view");
    await page.waitForTimeout(5500); // one poll later it stays gone
    assert.equal(await banner.count(), 0);

    await page.getByTestId("sheet-link").click();
    const row = page.locator('[data-testid="sheet"] tbody tr').first();
    await row.waitFor();
    const cells = row.locator("td");
    assert.equal(
      await cells
        .nth(3 + me)
        .locator('[data-testid="auto-mark"]')
        .count(),
      1,
    );
    assert.equal(await row.locator('[data-testid="auto-mark"]').count(), 1);
    await page.getByTestId("auto-legend").waitFor();
    await screenshot("sheet-auto-marks");
  },
  { timeout: 60_000 },
);
