// The browser-test harness. A test file (test/e2e/*.e2e.mjs) registers tests with `test()`;
// run.mjs starts one `wrangler dev` and one Chromium for all files and runs the tests in order.
//
//   import assert from "node:assert/strict";
//   import { test } from "./harness.mjs";
//   test("shows the page", async ({ page, baseURL, screenshot }) => { ... });
//
// Each test gets a fresh browser context and page. `newPage()` opens more pages in further
// fresh contexts (a second player). `screenshot(name)` writes test-results/e2e/<name>.png.
// A test fails if any page throws an uncaught error or requests a host other than the server.

/**
 * @typedef {object} E2EContext
 * @property {import("playwright-core").Browser} browser
 * @property {import("playwright-core").BrowserContext} context
 * @property {import("playwright-core").Page} page
 * @property {string} baseURL
 * @property {() => Promise<import("playwright-core").Page>} newPage
 * @property {(name: string) => Promise<string>} screenshot
 */

/** @type {{ name: string, file: string, fn: (t: E2EContext) => Promise<void>, timeout: number }[]} */
export const registered = [];

let currentFile = "";

/** @param {string} file */
export function setCurrentFile(file) {
  currentFile = file;
}

/**
 * @param {string} name
 * @param {(t: E2EContext) => Promise<void>} fn
 * @param {{ timeout?: number }} [options]
 */
export function test(name, fn, options = {}) {
  registered.push({ name, file: currentFile, fn, timeout: options.timeout ?? 30_000 });
}
