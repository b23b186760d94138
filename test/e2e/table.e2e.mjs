// The table in the browser: players create and join by the UI only, play a whole deal by clicks,
// see the result and the score sheet; the phone layout; screenshots; the table in other languages.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { playDeal } from "./autoplay.mjs";
import { test } from "./harness.mjs";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** @param {import("playwright-core").Page} page @param {string} name */
async function startPlayer(page, name) {
  await page.goto("/");
  await page.getByTestId("name").fill(name);
  await page.getByTestId("start-button").click();
  await page.getByTestId("new-table").waitFor();
}

/**
 * Creates a table through the form and waits for it to show.
 * @param {import("playwright-core").Page} page
 * @param {{ bots: number }} options
 */
async function createTable(page, { bots }) {
  await page.getByTestId("new-table").click();
  await page.locator(`label:has([data-testid="bots-${bots}"])`).click();
  await page.getByTestId("create").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{14}$/);
}

/** The page may scroll down, never sideways. @param {import("playwright-core").Page} page */
async function assertNoSidewaysScroll(page, where) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `${where}: page is ${scroll}px wide in a ${client}px viewport`);
}

/** Waits until it is this page's turn in the bidding. @param {import("playwright-core").Page} page */
async function waitForBidding(page) {
  await page.getByTestId("bidding-actions").waitFor({ timeout: 15_000 });
}

test(
  "three players create and join a table, play one deal by clicks to the result, and the score sheet shows it",
  async ({ page, newPage }) => {
    await startPlayer(page, "Anna");
    await createTable(page, { bots: 0 });
    const invite = await page.getByTestId("invite-link").inputValue();
    assert.match(invite, /\/t\/[A-Za-z0-9_-]{14}\?i=[A-Za-z0-9_-]{22}$/);

    const others = [];
    for (const name of ["Bert", "Cleo"]) {
      const other = await newPage();
      await other.goto(invite);
      await other.getByTestId("join-name").fill(name);
      await other.getByTestId("join-button").click();
      others.push(other);
    }
    const pages = [page, ...others];
    for (const p of pages) await p.getByTestId("hand").waitFor({ timeout: 15_000 });
    // Everyone sees everyone by name once the first deal is dealt.
    for (const p of pages) {
      const text = (await p.locator(".opponents").textContent()) ?? "";
      assert.equal(["Anna", "Bert", "Cleo"].filter((n) => text.includes(n)).length, 2, text);
    }

    const moves = await playDeal(pages, { timeoutMs: 150_000 });
    assert.ok(
      moves.some((m) => m.endsWith(":play")),
      `no card was played: ${moves.join(" ")}`,
    );

    for (const p of pages) {
      const dialog = p.getByTestId("result-dialog");
      await dialog.getByTestId("result").waitFor();
      await dialog
        .locator('[data-testid="fairness"][data-state="verified"]')
        .waitFor({ timeout: 15_000 });
    }
    const title = (await page.locator(".result-title").textContent()) ?? "";
    assert.match(title, /(Anna|Bert|Cleo) (won|lost) /);

    await page.getByTestId("open-sheet").click();
    const rows = page.locator('[data-testid="sheet"] tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1);
    const cells = (await rows.first().locator("td").allTextContents()).map((c) => c.trim());
    assert.equal(cells[0], "1");
    assert.match(cells[1] ?? "", /(Anna|Bert|Cleo)/);
    // The declarer's running total on the list equals the deal's score.
    const score = Number((cells[2] ?? "").replace("+", ""));
    const totals = cells.slice(3);
    assert.ok(totals.map(Number).includes(score), `${score} not in ${totals}`);

    // The deal's page: the result again, the fairness mark, and the replay trick by trick.
    await rows.first().locator("a").click();
    await page.getByTestId("replay").waitFor();
    await page.locator('[data-testid="fairness"][data-state="verified"]').waitFor();
    assert.match(
      (await page.getByTestId("replay-step").textContent()) ?? "",
      /Before the first trick/,
    );
    const openCards = await page.locator(".replay-hand .fan-card").count();
    assert.ok(openCards >= 27, `replay shows ${openCards} cards in the hands`);
    await page.getByTestId("replay-next").click();
    assert.match((await page.getByTestId("replay-step").textContent()) ?? "", /Trick 1 of \d+/);
    assert.equal(await page.locator(".replay-trick .row-card").count(), 3);
    assert.equal(await page.locator(".replay-hand .fan-card").count(), openCards - 3);
  },
  { timeout: 240_000 },
);

test(
  "one player with two computer players plays a deal to the end on a 360×740 phone",
  async ({ page }) => {
    await page.setViewportSize(PHONE);
    await startPlayer(page, "Dora");
    await createTable(page, { bots: 2 });
    await waitForBidding(page);
    await assertNoSidewaysScroll(page, "bidding");

    let checkedPlay = false;
    await playDeal([page], {
      timeoutMs: 90_000,
      onMove: async (p, move) => {
        if (move === "play" && !checkedPlay) {
          checkedPlay = true;
          await assertNoSidewaysScroll(p, "play");
        }
      },
    });
    await page.getByTestId("result").waitFor();
    await assertNoSidewaysScroll(page, "result");
    // Cards are tappable: at least 24 px of each card in the hand shows.
    await page.getByTestId("continue").click();
    await page.getByTestId("hand").waitFor();
    const widths = await page
      .locator(".hand-card")
      .evaluateAll((cards) => cards.slice(0, -1).map((card) => card.getBoundingClientRect().width));
    assert.ok(widths.length >= 9, `hand has ${widths.length + 1} cards`);
    for (const w of widths) assert.ok(w >= 24, `a card shows only ${w}px`);
    // The next deal is on: the sheet already holds the first.
    await page.getByTestId("sheet-link").click();
    await page.locator('[data-testid="sheet"] tbody tr').first().waitFor();
  },
  { timeout: 150_000 },
);

test(
  "screenshots of the table in bidding, in play and at the result, on a phone and a desktop",
  async ({ page, screenshot }) => {
    await startPlayer(page, "Emil");
    for (const size of [PHONE, DESKTOP]) {
      const tag = `${size.width}x${size.height}`;
      await page.setViewportSize(size);
      await page.goto("/");
      await createTable(page, { bots: 2 });
      await waitForBidding(page);
      await page.waitForTimeout(300);
      await screenshot(`table-bidding-${tag}`);

      let shotPlay = false;
      await playDeal([page], {
        timeoutMs: 90_000,
        onMove: async (p) => {
          if (shotPlay) return;
          const myTurnInPlay = p.locator('.table-page[data-phase="play"] .hand.my-turn');
          const trick = p.locator('[data-testid="trick"]');
          if ((await myTurnInPlay.count()) && (await trick.count())) {
            shotPlay = true;
            await p.waitForTimeout(300);
            await screenshot(`table-play-${tag}`);
          }
        },
      });
      assert.ok(shotPlay, `${tag}: never saw the table in play`);
      await page
        .locator('[data-testid="fairness"]:not([data-state="checking"])')
        .waitFor({ timeout: 15_000 });
      await page.waitForTimeout(300);
      await screenshot(`table-result-${tag}`);
      await assertNoSidewaysScroll(page, `${tag} result`);
    }
  },
  { timeout: 240_000 },
);

// ---- the table in German and Polish --------------------------------------------------------

const i18nDir = join(dirname(fileURLToPath(import.meta.url)), "../../web/src/i18n");

/** The messages of a dictionary file, read as text (keys and string values only). */
function readMessages(lang) {
  const text = readFileSync(join(i18nDir, `${lang}.ts`), "utf8");
  const messages = new Map();
  for (const m of text.matchAll(/"([\w.]+)":\s*"((?:[^"\\]|\\.)*)"/g)) {
    messages.set(m[1], JSON.parse(`"${m[2]}"`));
  }
  return messages;
}

/** One anchored pattern per form of an English message: `{x}` stands for any text. */
function englishPatterns(other) {
  const en = readMessages("en");
  assert.ok(en.size > 250, `read only ${en.size} English messages`);
  const patterns = [];
  for (const [key, value] of en) {
    const translated = other.get(key);
    assert.ok(translated !== undefined, `missing key ${key}`);
    if (translated === value) continue; // the same in both languages: "Grand", "Skat", "{name}: {card}"
    const forms = value.includes("|")
      ? value.split("|").map((f) => f.replace(/^\w+=/, ""))
      : [value];
    for (const form of forms) {
      if (!/[A-Za-z]{2}/.test(form.replace(/\{\w+\}/g, ""))) continue;
      const source = form
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".+?");
      patterns.push({ key, pattern: new RegExp(`^${source}$`) });
    }
  }
  return patterns;
}

/** Visible text and accessible names on the page, as the reader gets them. */
async function visibleTexts(page) {
  return page.evaluate(() => {
    const texts = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent?.checkVisibility()) continue;
      texts.add(text);
      // Text split over several nodes by interpolation reads as one.
      if ([...parent.childNodes].every((child) => child.nodeType === Node.TEXT_NODE)) {
        texts.add(parent.textContent.trim());
      }
    }
    for (const el of document.querySelectorAll("[aria-label], [title]")) {
      if (!el.checkVisibility() && !el.closest("svg")) continue;
      for (const name of ["aria-label", "title"]) {
        const value = el.getAttribute(name);
        if (value) texts.add(value.trim());
      }
    }
    return [...texts];
  });
}

async function assertNoEnglish(page, lang, where) {
  const patterns = englishPatterns(readMessages(lang));
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
  const found = [];
  for (const text of await visibleTexts(page)) {
    for (const { key, pattern } of patterns) {
      if (pattern.test(text)) found.push(`"${text}" (${key})`);
    }
  }
  assert.deepEqual(found, [], `${lang} ${where}: English text on the page`);
}

/** @param {import("playwright-core").Page} page @param {"de" | "pl" | "sk" | "hu"} lang */
async function chooseLanguage(page, lang) {
  await page.getByTestId("settings-link").click();
  await page.getByTestId(`lang-${lang}`).check();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

test(
  "a language switch renders the table in German and in Polish (and Slovak, Hungarian) without an English string",
  async ({ page, screenshot }) => {
    await page.setViewportSize(PHONE);
    await startPlayer(page, "Franz");
    await chooseLanguage(page, "de");
    await page.getByRole("link", { name: "Meine Spiele" }).click();
    await createTable(page, { bots: 2 });
    const tableUrl = page.url();
    await waitForBidding(page);
    assert.ok(((await page.getByTestId("status").textContent()) ?? "").trim().length > 0);
    await assertNoEnglish(page, "de", "bidding");
    await screenshot("table-bidding-de");

    await playDeal([page], { timeoutMs: 90_000 });
    await page
      .locator('[data-testid="fairness"]:not([data-state="checking"])')
      .waitFor({ timeout: 15_000 });
    await assertNoEnglish(page, "de", "result");
    await page.getByTestId("continue").click();

    await chooseLanguage(page, "pl");
    await page.goto(tableUrl);
    await page.getByTestId("hand").waitFor();
    await assertNoEnglish(page, "pl", "table");
    assert.match((await page.locator(".deal-no").textContent()) ?? "", /Rozdanie 2 z/);
    await screenshot("table-pl");
    await page.getByTestId("sheet-link").click();
    await page.locator('[data-testid="sheet"] tbody tr').first().waitFor();
    await assertNoEnglish(page, "pl", "score sheet");

    // Slovak and Hungarian get the same check on the table.
    for (const lang of /** @type {const} */ (["sk", "hu"])) {
      await chooseLanguage(page, lang);
      await page.goto(tableUrl);
      await page.getByTestId("hand").waitFor();
      await assertNoEnglish(page, lang, "table");
    }
  },
  { timeout: 180_000 },
);

test("a personal link opens the same player and their games on another device", async ({
  page,
  newPage,
}) => {
  await startPlayer(page, "Hanna");
  await createTable(page, { bots: 2 });
  const tableId = new URL(page.url()).pathname.split("/")[2];
  await page.getByTestId("settings-link").click();
  const link = await page.locator("#personal-link").inputValue();
  assert.match(link, /\/#player=[A-Za-z0-9_.-]+$/);

  const phone = await newPage();
  await phone.goto(link);
  await phone.getByTestId("my-games").waitFor();
  assert.match((await phone.locator(".hello").textContent()) ?? "", /Hanna/);
  // The token left the address bar at once (it must not linger in history or be shared).
  assert.equal(new URL(phone.url()).hash, "");
  const row = phone.locator(`.game-row[href="/t/${tableId}"]`);
  assert.match((await row.textContent()) ?? "", /Your turn/);
  await row.click();
  await phone.getByTestId("hand").waitFor();
});

test("a new name in the settings shows at the player's tables", async ({ page }) => {
  await startPlayer(page, "Ida");
  await createTable(page, { bots: 2 });
  const tableUrl = page.url();
  await page.getByTestId("settings-link").click();
  await page.getByTestId("player-name").fill("Ida Maria");
  await page.getByTestId("save-name").click();
  await page.getByRole("button", { name: "Saved" }).waitFor();
  await page.goto(tableUrl);
  await page.getByTestId("hand").waitFor();
  assert.match((await page.locator(".table-info").textContent()) ?? "", /Ida Maria/);
  await page.goto("/");
  assert.match((await page.locator(".hello").textContent()) ?? "", /Ida Maria/);
});
