/// <reference lib="webworker" />
// The service worker: the app shell offline, and "your turn" notifications from Web Push.
// Built by the plugin in web/vite.config.ts into a classic script /sw.js, which defines PRECACHE
// (every URL of this build's shell) and VERSION (a hash of its contents) before this code.
// No imports: the output must stay a single classic script.

declare const self: ServiceWorkerGlobalScope;
declare const PRECACHE: readonly string[];
declare const VERSION: string;

const CACHE_PREFIX = "fernskat-shell-";
const CACHE = `${CACHE_PREFIX}${VERSION}`;
/** The SPA's shell: Workers assets answer "/" with index.html (and redirect /index.html). */
const SHELL = "/";
const ICON = "/icons/icon-192.png";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "reload": the HTTP cache may still hold an older deploy's index.html.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API is live game state: always the network, never a cached answer.
  if (url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request));
    return;
  }
  event.respondWith(cacheFirst(request, url));
});

/** Network first, so a new deploy's page is seen at once; the cached shell when offline. */
async function navigate(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Hashed build assets never change under their name, so a cached copy is always right. */
async function cacheFirst(request: Request, url: URL): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && url.pathname.startsWith("/assets/")) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** What the server pushes (worker side: the next issue). */
interface TurnPush {
  title: string;
  body: string;
  /** Path of the table on this site, e.g. "/t/abc". */
  url: string;
  /** One notification per table: a newer one replaces it. */
  tag?: string;
}

function readPush(data: PushMessageData | null): TurnPush {
  let raw: unknown;
  try {
    raw = data?.json();
  } catch {
    raw = { body: data?.text() };
  }
  const field = (key: string): string | undefined => {
    const value =
      raw && typeof raw === "object" ? (raw as Record<string, unknown>)[key] : undefined;
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return {
    title: field("title") ?? "Fernskat",
    body: field("body") ?? "",
    url: sameOriginPath(field("url")),
    tag: field("tag"),
  };
}

/** A notification may only lead to this site; anything else opens the start page. */
function sameOriginPath(url: string | undefined): string {
  if (!url) return "/";
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin
      ? `${target.pathname}${target.search}${target.hash}`
      : "/";
  } catch {
    return "/";
  }
}

self.addEventListener("push", (event) => {
  const push = readPush(event.data);
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(push.title, {
        body: push.body,
        tag: push.tag,
        icon: ICON,
        badge: ICON,
        data: { url: push.url },
        // A repeated tag (the same table, a later turn) should alert again, not update silently.
        ...(push.tag ? { renotify: true } : {}),
      });
      // Open pages learn of it too (they may refresh the table list).
      for (const client of await self.clients.matchAll({ type: "window" })) {
        client.postMessage({ type: "push", push });
      }
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = sameOriginPath(typeof data?.url === "string" ? data.url : undefined);
  event.waitUntil(openTable(new URL(path, self.location.origin)));
});

/** Focus a window already showing the table, else turn another window of the app to it, else open one. */
async function openTable(target: URL): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const showing = windows.find((w) => new URL(w.url).pathname === target.pathname);
  if (showing) {
    await showing.focus();
    return;
  }
  for (const w of windows) {
    try {
      // navigate() only works on windows this worker controls.
      const moved = await w.navigate(target.href);
      await (moved ?? w).focus();
      return;
    } catch {
      // Try the next window, or open a new one.
    }
  }
  await self.clients.openWindow(target.href);
}
