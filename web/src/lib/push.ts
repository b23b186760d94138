/**
 * Web Push on this device: the browser's permission (asked only when the player taps), a
 * subscription on the app's service worker registration with the server's VAPID key, and the
 * server told about it (POST/DELETE /api/me/push).
 */
import { registerServiceWorker } from "../pwa";
import { type ApiFailure, api } from "./api";
import type { PushSubscriptionInput } from "./types";

export type PushFailure =
  | { reason: "unsupported" }
  | { reason: "denied" }
  | { reason: "noWorker" }
  /** The browser's push service refused or could not be reached; `detail` is its message. */
  | { reason: "failed"; detail: string }
  | { reason: "server"; error: ApiFailure };

export type PushOutcome = { ok: true; endpoint: string } | ({ ok: false } & PushFailure);

const READY_TIMEOUT_MS = 10_000;

export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function bytesFromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The registration once its worker is active (a subscription needs one), or undefined. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const registration = await registerServiceWorker();
  if (!registration) return undefined;
  if (registration.active) return registration;
  const timeout = new Promise<undefined>((done) => setTimeout(done, READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This device's subscription, if it has one and may still show notifications. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== "granted") return null;
  const registration = await registerServiceWorker();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Call from the tap itself: the permission prompt needs the user's gesture. */
export async function subscribePush(vapidPublicKey: string): Promise<PushOutcome> {
  if (!pushSupported()) return { ok: false, reason: "unsupported" };
  const permission =
    Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return { ok: false, reason: "denied" };
  const registration = await activeRegistration();
  if (!registration) return { ok: false, reason: "noWorker" };
  const key = bytesFromBase64url(vapidPublicKey);
  let subscription: PushSubscription;
  try {
    const existing = await registration.pushManager.getSubscription();
    // A subscription made for another server key (keys rotated) cannot be reused.
    if (existing && !sameBytes(existing.options.applicationServerKey, key)) {
      await existing.unsubscribe();
    }
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    return { ok: false, reason: "failed", detail: messageOf(error) };
  }
  const json = subscription.toJSON();
  const body: PushSubscriptionInput = {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
  const saved = await api<{ ok: true }>("POST", "/api/me/push", { body });
  if (!saved.ok) {
    // Unknown to the server, the subscription would only mislead this page into saying "on".
    await subscription.unsubscribe().catch(() => {});
    return { ok: false, reason: "server", error: saved.error };
  }
  return { ok: true, endpoint: subscription.endpoint };
}

/** Ends this device's subscription, at the browser and at the server. */
export async function unsubscribePush(): Promise<{ ok: true } | { ok: false; error: ApiFailure }> {
  const subscription = await currentSubscription();
  if (!subscription) return { ok: true };
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe().catch(() => {});
  const removed = await api<null>("DELETE", "/api/me/push", { body: { endpoint } });
  return removed.ok ? { ok: true } : { ok: false, error: removed.error };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
