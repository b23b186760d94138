// Plays a Skat deal through the UI only, the way a hurried human would: bid 18 once, pass
// otherwise, pick up the skat, put away two cards, declare the first game offered, play the
// first playable card. Used by the table tests; every move is a click on what the page offers.

/** @param {import("playwright-core").Locator} locator */
async function shown(locator) {
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

/**
 * Clicks unless the page changed under us (a new view can replace the button, or the result
 * dialog can open, between looking and clicking): then the next round looks again.
 * @param {import("playwright-core").Locator} locator
 */
async function tap(locator) {
  try {
    await locator.first().click({ timeout: 3000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * One move for this page if it has one. Returns what it did, "result" once the deal's result is
 * on screen, or null when the page waits for someone else.
 * @param {import("playwright-core").Page} page
 * @param {{ bid: boolean }} memory whether this player has bid yet (bids 18 once)
 */
export async function autoplayStep(page, memory) {
  if (await shown(page.locator('[data-testid="result-dialog"][open]'))) return "result";
  if (await shown(page.locator('[data-testid="sending"]'))) return null;
  const enabled = (testid) => page.locator(`[data-testid="${testid}"]:not([disabled])`);
  if (await shown(enabled("hold"))) {
    await tap(enabled("pass").first());
    return "pass";
  }
  if (await shown(enabled("bid"))) {
    if (!memory.bid) {
      memory.bid = true;
      await tap(enabled("bid").first());
      return "bid";
    }
    await tap(enabled("pass").first());
    return "pass";
  }
  if (await shown(enabled("pass"))) {
    await tap(enabled("pass").first());
    return "pass";
  }
  if (await shown(enabled("pick-up"))) {
    await tap(enabled("pick-up").first());
    return "pickUp";
  }
  if (await shown(page.locator(".hand.discarding"))) {
    const cards = page.locator(".hand.discarding .hand-card");
    if ((await page.locator(".hand-card.selected").count()) < 2) {
      await tap(cards.nth(0));
      await tap(cards.nth(1));
    }
    await tap(enabled("discard").first());
    return "discard";
  }
  if (await shown(page.locator('[data-testid="declare-panel"]'))) {
    if ((await page.locator(".game-btn.chosen").count()) === 0) {
      await tap(page.locator(".game-btn"));
    }
    await tap(enabled("declare").first());
    return "declare";
  }
  if (await shown(enabled("accept-claim"))) {
    await tap(enabled("accept-claim").first());
    return "acceptClaim";
  }
  const playable = page.locator(".hand-card.playable:not([aria-disabled])");
  if (await shown(playable)) {
    await tap(playable);
    return "play";
  }
  return null;
}

/**
 * Runs autoplayStep round-robin over the pages until every page shows the result.
 * @param {import("playwright-core").Page[]} pages
 * @param {{ timeoutMs?: number, onMove?: (page: import("playwright-core").Page, move: string) => Promise<void> }} [options]
 */
export async function playDeal(pages, options = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const memories = pages.map(() => ({ bid: false }));
  const moves = [];
  for (;;) {
    if (Date.now() > deadline)
      throw new Error(`deal not finished in time; moves: ${moves.join(" ")}`);
    let done = 0;
    let moved = false;
    for (const [i, page] of pages.entries()) {
      const move = await autoplayStep(page, memories[i]);
      if (move === "result") done++;
      else if (move) {
        moved = true;
        moves.push(`${i}:${move}`);
        await options.onMove?.(page, move);
      }
    }
    if (done === pages.length) return moves;
    if (!moved) await pages[0].waitForTimeout(150);
  }
}
