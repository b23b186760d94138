import assert from "node:assert/strict";
import { test } from "./harness.mjs";

// The progressive web app: manifest and icons (web/public), the service worker built from
// web/src/sw.ts and registered by the app through registerServiceWorker() (web/src/pwa.ts).

/** Width and height from a PNG's IHDR chunk. @param {Buffer} png */
function pngSize(png) {
  assert.equal(png.subarray(1, 4).toString("latin1"), "PNG", "not a PNG");
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

/**
 * Waits until the app's service worker is active, and returns its script URL.
 * @param {import("playwright-core").Page} page
 */
async function activeWorker(page) {
  const scriptURL = await page.evaluate(async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const registration = await navigator.serviceWorker.getRegistration();
      if (registration?.active?.state === "activated") return registration.active.scriptURL;
      await new Promise((r) => setTimeout(r, 100));
    }
    return undefined;
  });
  if (!scriptURL) {
    throw new Error(
      "no active service worker after 15 s: does web/src/index.tsx call registerServiceWorker() (web/src/pwa.ts)?",
    );
  }
  return scriptURL;
}

test("the manifest is valid JSON with the app's name, colours and icons that load", async ({
  page,
  baseURL,
}) => {
  await page.goto(baseURL);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  assert.equal(href, "/manifest.webmanifest");
  const themeColor = await page.locator('meta[name="theme-color"]').getAttribute("content");

  const res = await page.request.get(`${baseURL}${href}`);
  assert.equal(res.status(), 200);
  assert.match(res.headers()["content-type"] ?? "", /^application\/(manifest\+)?json/);
  const manifest = JSON.parse(await res.text());
  assert.equal(manifest.name, "Fernskat");
  assert.equal(manifest.short_name, "Fernskat");
  assert.equal(manifest.start_url, "/");
  assert.equal(manifest.display, "standalone");
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  assert.equal(manifest.theme_color, themeColor, "manifest and <meta name=theme-color> agree");
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);

  /** @type {{ src: string, sizes: string, type: string, purpose?: string }[]} */
  const icons = manifest.icons;
  const has = (sizes, purpose) =>
    icons.some(
      (i) => i.sizes === sizes && i.type === "image/png" && (i.purpose ?? "any") === purpose,
    );
  assert.ok(has("192x192", "any") && has("512x512", "any"), "192 and 512 PNG icons");
  assert.ok(has("512x512", "maskable"), "a maskable icon");
  for (const icon of icons) {
    const r = await page.request.get(new URL(icon.src, `${baseURL}/`).href);
    assert.equal(r.status(), 200, icon.src);
    assert.equal(r.headers()["content-type"], icon.type, icon.src);
    const body = await r.body();
    if (icon.type === "image/png") assert.equal(pngSize(body), icon.sizes, icon.src);
    else assert.match(body.toString("utf8"), /^<svg /, icon.src);
  }
  // What the browser itself makes of the manifest (it reports parse errors here).
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send("Page.getAppManifest");
  assert.deepEqual(parsed.errors, [], "manifest parse errors");
  assert.equal(parsed.url, `${baseURL}/manifest.webmanifest`);
});

test("the service worker controls the page after a reload and serves the shell offline", async ({
  page,
  context,
  baseURL,
  screenshot,
}) => {
  await page.goto(baseURL);
  const scriptURL = await activeWorker(page);
  assert.equal(scriptURL, `${baseURL}/sw.js`);

  await page.reload();
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  assert.equal(controller, `${baseURL}/sw.js`, "the page is controlled after a reload");

  // Every script and stylesheet the page loaded is in the precache, next to the shell itself.
  const { missing, keys } = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith("fernskat-shell-"));
    const cache = await caches.open(names[0] ?? "none");
    const urls = [
      "/",
      "/manifest.webmanifest",
      ...[...document.querySelectorAll("script[src], link[rel=stylesheet]")].map(
        (el) => el.getAttribute("src") ?? el.getAttribute("href") ?? "",
      ),
    ];
    const missing = [];
    for (const url of urls) if (!(await cache.match(url))) missing.push(url);
    return { missing, keys: names };
  });
  assert.equal(keys.length, 1, `one shell cache: ${keys.join(", ")}`);
  assert.deepEqual(missing, [], "not precached");

  await context.setOffline(true);
  try {
    // A deep link too: offline, every navigation gets the cached shell.
    const res = await page.goto(`${baseURL}/t/offline-table`);
    assert.equal(res?.status(), 200);
    assert.ok(res?.fromServiceWorker(), "the offline page came from the service worker");
    assert.equal(await page.title(), "Fernskat");
    // The app's script ran from the cache and rendered into #root.
    await page.waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
    // The API is never answered from a cache.
    const api = await page.evaluate(() =>
      fetch("/api/health").then(
        (r) => `HTTP ${r.status}`,
        () => "network error",
      ),
    );
    assert.equal(api, "network error");
    await screenshot("pwa-offline");
  } finally {
    await context.setOffline(false);
  }
});

test("a push message shows a notification through the service worker's push handler", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.goto(baseURL);
  await activeWorker(page);
  assert.equal(await page.evaluate(() => Notification.permission), "granted");

  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no ServiceWorker registration event")), 5000);
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (mine) {
        clearTimeout(timer);
        resolve(mine.registrationId);
      }
    });
    cdp.send("ServiceWorker.enable").catch(reject);
  });

  // The page hears about it too (the worker posts each push to its windows).
  await page.evaluate(() => {
    /** @type {any} */ (window).__pushMessages = [];
    navigator.serviceWorker.addEventListener("message", (event) => {
      /** @type {any} */ (window).__pushMessages.push(event.data);
    });
  });
  const push = {
    title: "Your turn at Friday table",
    body: "Anna bid 20. Hold or pass?",
    url: "/t/friday",
    tag: "table-friday",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL,
    registrationId,
    data: JSON.stringify(push),
  });

  const shown = await page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.ready;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [n] = await registration.getNotifications({ tag });
      if (n) return { title: n.title, body: n.body, tag: n.tag, data: n.data, icon: n.icon };
      await new Promise((r) => setTimeout(r, 100));
    }
    return undefined;
  }, push.tag);
  assert.deepEqual(shown, {
    title: push.title,
    body: push.body,
    tag: push.tag,
    data: { url: push.url },
    icon: `${baseURL}/icons/icon-192.png`,
  });
  const posted = await page
    .waitForFunction(() => /** @type {any} */ (window).__pushMessages[0])
    .then((h) => h.jsonValue());
  assert.deepEqual(posted, { type: "push", push });
});
