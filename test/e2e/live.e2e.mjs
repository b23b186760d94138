// Staying current and saying what went wrong: polling when the socket is blocked, a pending move,
// a refused move with the server's message, and playing by keyboard with spoken card names.
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
  await page.getByTestId("new-table").click();
  await page.locator(`label:has([data-testid="bots-${bots}"])`).click();
  await page.getByTestId("create").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{14}$/);
}

const statusOf = async (page) => ((await page.getByTestId("status").textContent()) ?? "").trim();

test(
  "with the live socket blocked the table polls (If-None-Match) and still follows the other player's moves",
  async ({ page, newPage }) => {
    // Anna's browser cannot open the socket: every attempt is closed at once.
    await page.routeWebSocket(/\/live/, (ws) => ws.close());
    const conditional = [];
    page.on("request", (request) => {
      const etag = request.headers()["if-none-match"];
      if (etag && /\/api\/tables\/[^/]+$/.test(new URL(request.url()).pathname))
        conditional.push(etag);
    });
    await startPlayer(page, "Anna");
    await createTable(page, 1);
    const invite = await page.getByTestId("invite-link").inputValue();

    const bert = await newPage();
    await bert.goto(invite);
    await bert.getByTestId("join-name").fill("Bert");
    await bert.getByTestId("join-button").click();

    await page.getByTestId("hand").waitFor({ timeout: 15_000 });
    await bert.getByTestId("hand").waitFor();
    await page.locator('.connection[data-state="polling"]').waitFor();

    // Move by move until Anna has seen one of Bert's moves arrive without a socket.
    const version = (p) => p.locator(".table-page").getAttribute("data-version").then(Number);
    const memory = { anna: { bid: false }, bert: { bid: false } };
    let seen = false;
    for (let round = 0; round < 40 && !seen; round++) {
      if (await autoplayStep(page, memory.anna)) continue;
      const move = await autoplayStep(bert, memory.bert);
      if (!move) {
        await page.waitForTimeout(200);
        continue;
      }
      assert.notEqual(move, "result", "the deal ended before Anna saw a move");
      await bert.waitForFunction(
        (v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) > v,
        await version(page),
      );
      const target = await version(bert);
      await page.waitForFunction(
        (v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) >= v,
        target,
        { timeout: 15_000 },
      );
      seen = true;
    }
    assert.ok(seen, "Bert never moved");
    assert.ok(conditional.length > 0, "no poll carried If-None-Match");
  },
  { timeout: 90_000 },
);

test(
  "a move shows as pending, a refused move shows the server's message, and cards play by keyboard",
  async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await startPlayer(page, "Greta");
    await createTable(page, 2);
    await page.getByTestId("bidding-actions").waitFor({ timeout: 15_000 });

    // The first answer is held back (pending), and claims an old version (refused as stale).
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    await page.route("**/api/tables/*/actions", async (route) => {
      await held;
      const body = JSON.parse(route.request().postData() ?? "{}");
      await route.continue({ postData: JSON.stringify({ ...body, version: body.version - 1 }) });
    });
    await page.getByTestId("pass").click();
    await page.locator('[data-testid="pass"][aria-busy="true"]').waitFor();
    assert.match(await statusOf(page), /Sending/);
    assert.equal(await page.getByTestId("bid").isDisabled(), true, "other choices stay shut");
    release();
    const toast = page.getByTestId("error");
    await toast.waitFor();
    const text = (await toast.textContent()) ?? "";
    assert.match(text, /The table moved on/);
    assert.match(text, /the table has moved on; here is the current view/);
    await page.unroute("**/api/tables/*/actions");

    // Nothing was lost: the same choice still stands and now goes through.
    const before = Number(await page.locator(".table-page").getAttribute("data-version"));
    await page.getByTestId("pass").click();
    await page.waitForFunction(
      (v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) > v,
      before,
    );

    // From here on by keyboard only: focus a card and press Enter (deal after deal until one
    // gives this player a card to play).
    const memory = { bid: true };
    let byKeyboard = 0;
    let tables = 1;
    for (let round = 0; round < 900; round++) {
      if (byKeyboard === 0 && (await page.getByTestId("series-over").count())) {
        // Seen rarely in full runs: a whole series passed without this player having a card to
        // play. Say what the table recorded, then try on a fresh table (at most three).
        const report = await page.evaluate(async () => {
          const token = JSON.parse(localStorage.getItem("fernskat.session") ?? "{}").token;
          const id = location.pathname.split("/")[2];
          const view = await (
            await fetch(`/api/tables/${id}`, { headers: { Authorization: `Bearer ${token}` } })
          ).json();
          return JSON.stringify({
            automation: view.automation,
            autoSeats: view.autoSeats,
            sheet: view.sheet.map((e) => [e.declarer, e.game, e.score]),
          });
        });
        console.log(`      (a series without a card to play for Greta: ${report})`);
        assert.ok(tables < 3, "three series passed without a card to play by keyboard");
        await page.goto("/");
        await createTable(page, 2);
        tables++;
        continue;
      }
      if (await page.locator('[data-testid="result-dialog"][open]').count()) {
        if (byKeyboard > 0) break;
        await page.getByTestId("continue").click();
        continue;
      }
      const playable = page.locator(".hand-card.playable:not([aria-disabled])");
      if (await playable.count()) {
        const label = (await playable.first().getAttribute("aria-label")) ?? "";
        assert.match(label, /^(Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of \w+, playable$/);
        const blocked = page.locator(".hand-card.dim");
        if (await blocked.count()) {
          assert.match((await blocked.first().getAttribute("aria-label")) ?? "", /, not playable$/);
        }
        const at = Number(await page.locator(".table-page").getAttribute("data-version"));
        await playable.first().focus();
        await page.keyboard.press("Enter");
        byKeyboard++;
        await page.waitForFunction(
          (v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) > v,
          at,
          { timeout: 10_000 },
        );
        continue;
      }
      // A computer declarer may claim the rest before Greta's first card: accepting would end
      // the deal without her playing, so she plays on.
      const reject = page.locator('[data-testid="reject-claim"]:not([disabled])');
      if (await reject.count()) {
        await reject.first().click();
        continue;
      }
      if (!(await autoplayStep(page, memory))) await page.waitForTimeout(150);
    }
    if (byKeyboard === 0)
      await page.screenshot({ path: "test-results/e2e/live-keyboard-stuck.png", fullPage: true });
    assert.ok(byKeyboard > 0, "no card was played by keyboard");
    await page.getByTestId("result").waitFor();
    // The dialog is keyboard-operable too: Escape closes it.
    await page.keyboard.press("Escape");
    await page
      .getByTestId("result-dialog")
      .locator("[data-testid=result]")
      .waitFor({ state: "detached" });
  },
  { timeout: 120_000 },
);
