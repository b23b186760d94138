import assert from "node:assert/strict";
import { test } from "./harness.mjs";

// The page's security headers come from web/public/_headers (static assets never run the Worker).

const EXPECTED = {
  "content-security-policy": [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ],
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

/** @param {Record<string, string>} headers */
function assertPageHeaders(headers, where) {
  const csp = headers["content-security-policy"] ?? "";
  const directives = csp.split(";").map((d) => d.trim());
  for (const directive of EXPECTED["content-security-policy"]) {
    assert.ok(directives.includes(directive), `${where}: CSP lacks "${directive}" in "${csp}"`);
  }
  assert.ok(!csp.includes("unsafe-inline"), `${where}: CSP allows unsafe-inline`);
  assert.ok(!csp.includes("unsafe-eval"), `${where}: CSP allows unsafe-eval`);
  assert.equal(headers["referrer-policy"], EXPECTED["referrer-policy"], where);
  assert.equal(headers["x-content-type-options"], EXPECTED["x-content-type-options"], where);
}

/**
 * Records every CSP violation the page reports, from before its first script runs, plus console
 * errors that mention the policy (Chromium logs blocked loads there too).
 * @param {import("playwright-core").Page} page
 */
async function watchViolations(page) {
  await page.addInitScript(() => {
    /** @type {string[]} */
    const seen = [];
    Object.defineProperty(window, "__cspViolations", { value: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  /** @type {string[]} */
  const consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  return {
    /** @returns {Promise<string[]>} */
    all: async () => [
      ...(await page.evaluate(() => /** @type {any} */ (window).__cspViolations ?? [])),
      ...consoleErrors,
    ],
  };
}

test("the page and an SPA deep route carry the CSP and load without a violation", async ({
  page,
  baseURL,
}) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/t/abc"]) {
    const res = await page.goto(`${baseURL}${path}`);
    assert.equal(res?.status(), 200, path);
    assertPageHeaders(res?.headers() ?? {}, path);
    // The client's script ran (script-src), its stylesheets loaded (style-src) and it may fetch
    // from its own origin (connect-src).
    await page.waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
    const styled = await page.evaluate(
      () =>
        [...document.styleSheets].filter((sheet) => sheet.href && sheet.cssRules.length > 0).length,
    );
    assert.ok(styled > 0, `${path}: no stylesheet applied`);
    const health = await page.evaluate(async () => (await fetch("/api/health")).status);
    assert.equal(health, 200, `${path}: fetch to the own origin failed`);
    // The app may keep a socket or a poll open, so there is no network-idle moment to wait for;
    // a violation during loading is reported by now, and late ones get a moment to arrive.
    await page.waitForLoadState("load");
    await page.waitForTimeout(300);
    assert.deepEqual(await violations.all(), [], `${path}: CSP violations`);
  }

  // The listener works: an inline style is refused and reported.
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { background: red }";
    document.head.append(style);
  });
  await page.waitForFunction(() => /** @type {any} */ (window).__cspViolations.length > 0);
  const reported = await violations.all();
  assert.match(reported[0] ?? "", /^style-src/);
});

test("the page's CSP lets the live WebSocket reach the same origin", async ({ page, baseURL }) => {
  const violations = await watchViolations(page);
  const player = await page.request.post(`${baseURL}/api/players`, { data: { name: "Csp" } });
  assert.equal(player.status(), 201);
  const { token } = await player.json();
  const created = await page.request.post(`${baseURL}/api/tables`, {
    data: { seats: 3, bots: 2, deals: 3 },
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(created.status(), 201);
  const { table } = await created.json();

  await page.goto(`${baseURL}/t/${table.id}`);
  const first = await page.evaluate(
    ({ id, token }) =>
      new Promise((resolve, reject) => {
        const url = `${location.origin.replace(/^http/, "ws")}/api/tables/${id}/live?token=${token}`;
        const socket = new WebSocket(url);
        const timer = setTimeout(() => reject(new Error("no message within 5 s")), 5000);
        socket.onmessage = (event) => {
          clearTimeout(timer);
          socket.close();
          const message = JSON.parse(event.data);
          resolve({ type: message.type, seat: message.view?.seat, id: message.view?.table?.id });
        };
        socket.onerror = () => {
          clearTimeout(timer);
          reject(new Error("the WebSocket failed"));
        };
      }),
    { id: table.id, token },
  );
  assert.deepEqual(first, { type: "view", seat: 0, id: table.id });
  assert.deepEqual(await violations.all(), []);
});
