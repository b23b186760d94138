// Registers the service worker (web/src/sw.ts, built to /sw.js by web/vite.config.ts).

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * Called at start-up; later calls (push subscriptions need the registration) get the same one.
 * Resolves to the registration, or undefined where there is none: in the Vite dev server (which
 * does not build /sw.js), in browsers without service workers, and on error.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  registration ??= register();
  return registration;
}

async function register(): Promise<ServiceWorkerRegistration | undefined> {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return undefined;
  // Installing downloads the whole shell again: let the page's own loading finish first.
  if (document.readyState !== "complete") {
    await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  }
  try {
    return await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch (error) {
    console.warn("service worker not registered:", error);
    return undefined;
  }
}
