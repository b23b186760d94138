/**
 * Web Push from inside the Worker: RFC 8291 (aes128gcm) payload encryption and RFC 8292 (VAPID)
 * authentication by @block65/webcrypto-web-push, which runs on WebCrypto alone.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";

export interface PushSubscriptionRecord {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidConfig {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export type PushOutcome = "sent" | "gone" | "failed";

/** The notification the service worker shows (web/src/sw.ts reads these fields). */
export interface PushMessageBody {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export async function sendPush(
  subscription: PushSubscriptionRecord,
  message: PushMessageBody,
  vapid: VapidConfig,
  fetcher: typeof fetch = fetch,
): Promise<PushOutcome> {
  const request = await buildPushPayload(
    // A turn stays relevant for a day; after that the table shows it anyway.
    {
      data: JSON.stringify(message),
      options: { ttl: 24 * 3600, urgency: "normal", topic: topicOf(message.tag) },
    },
    {
      endpoint: subscription.endpoint,
      expirationTime: null,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    vapid,
  );
  const response = await fetcher(subscription.endpoint, {
    ...request,
    signal: AbortSignal.timeout(10_000),
  });
  // 404 and 410 mean the subscription is gone for good (RFC 8030 §7.3).
  if (response.status === 404 || response.status === 410) return "gone";
  return response.ok ? "sent" : "failed";
}

/** RFC 8030 topics replace an undelivered message with the same topic: one pending turn per table. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || "fernskat";
}
