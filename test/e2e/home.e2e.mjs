import assert from "node:assert/strict";
import { test } from "./harness.mjs";

test("home page renders and shows the server status from /api/health", async ({
  page,
  baseURL,
  screenshot,
}) => {
  await page.goto(baseURL);
  assert.equal(await page.title(), "Fernskat");
  assert.equal(await page.locator("h1").textContent(), "Fernskat");

  const status = page.getByTestId("server-status");
  await status.and(page.locator('[data-state="ok"]')).waitFor({ timeout: 10_000 });
  assert.match((await status.textContent()) ?? "", /Server online, database ready/);

  await screenshot("home");
});

test("a deep link is served the app (SPA fallback)", async ({ page, baseURL }) => {
  const res = await page.goto(`${baseURL}/t/some-table?i=invite`);
  assert.equal(res?.status(), 200);
  await page.getByTestId("server-status").and(page.locator('[data-state="ok"]')).waitFor();
});

test("unknown API routes answer the JSON error envelope", async ({ page, baseURL }) => {
  const res = await page.request.get(`${baseURL}/api/does-not-exist`);
  assert.equal(res.status(), 404);
  assert.deepEqual(await res.json(), {
    error: { code: "ERR_NOT_FOUND", message: "No route for GET /api/does-not-exist" },
  });
});
