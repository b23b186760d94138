/**
 * Delivering one notification to one player: every Web Push subscription and webhook they
 * have, unless their quiet hours say it must wait. Failed webhooks and pushes are retried on
 * their own; gone push subscriptions are removed.
 */
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { player_settings, push_subscriptions, webhooks } from "../db/schema";
import type { Env } from "../env";
import { DEFAULT_SETTINGS } from "../routes/settings";
import { sendPush } from "./push";
import { releaseTime } from "./quiet";
import { type Notification, sendWebhook, type WebhookFormat } from "./webhook";

export interface NotifyItem {
  kind: "notify";
  playerId: string;
  note: Notification;
  /** Set on a retry: only these targets are still owed the message. */
  targets?: { push: string[]; webhooks: string[] };
}

export type Delivery =
  | { done: true }
  | { done: false; retryAt: number; item: NotifyItem; failed: boolean };

export const MAX_NOTIFY_ATTEMPTS = 6;

export async function deliver(
  env: Env,
  item: NotifyItem,
  now: number,
  attempts: number,
): Promise<Delivery> {
  const db = drizzle(env.DB);
  const [settings, subscriptions, hooks] = await db.batch([
    db.select().from(player_settings).where(eq(player_settings.player_id, item.playerId)),
    db.select().from(push_subscriptions).where(eq(push_subscriptions.player_id, item.playerId)),
    db.select().from(webhooks).where(eq(webhooks.player_id, item.playerId)),
  ]);
  // A player who never saved settings has the defaults their settings page shows.
  const quiet = settings[0]
    ? {
        timeZone: settings[0].time_zone,
        start: settings[0].quiet_start,
        end: settings[0].quiet_end,
      }
    : {
        timeZone: DEFAULT_SETTINGS.timeZone,
        start: DEFAULT_SETTINGS.quietStart,
        end: DEFAULT_SETTINGS.quietEnd,
      };
  const release = releaseTime(now, quiet);
  if (release > now) return { done: false, retryAt: release, item, failed: false };

  const pushTargets = subscriptions.filter(
    (s) => !item.targets || item.targets.push.includes(s.endpoint),
  );
  const hookTargets = hooks.filter((h) => !item.targets || item.targets.webhooks.includes(h.id));
  const vapid = {
    subject: env.VAPID_SUBJECT,
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
  };
  const failedPush: string[] = [];
  const gone: string[] = [];
  await Promise.all(
    pushTargets.map(async (subscription) => {
      try {
        const outcome = await sendPush(
          subscription,
          {
            title: item.note.title,
            body: item.note.body,
            url: item.note.url,
            tag: `fernskat-${item.note.tableId}`,
          },
          vapid,
        );
        if (outcome === "gone") gone.push(subscription.endpoint);
        else if (outcome === "failed") failedPush.push(subscription.endpoint);
      } catch {
        failedPush.push(subscription.endpoint);
      }
    }),
  );
  if (gone.length > 0) {
    await db
      .delete(push_subscriptions)
      .where(
        and(
          eq(push_subscriptions.player_id, item.playerId),
          inArray(push_subscriptions.endpoint, gone),
        ),
      );
  }
  const allowLocal = env.DEV_ALLOW_LOCAL_HTTP_WEBHOOKS === "true";
  const failedHooks: string[] = [];
  await Promise.all(
    hookTargets.map(async (hook) => {
      const outcome = await sendWebhook(
        { url: hook.url, format: hook.format as WebhookFormat },
        item.note,
        allowLocal,
      );
      if (outcome === "failed") failedHooks.push(hook.id);
    }),
  );
  if (
    (failedPush.length === 0 && failedHooks.length === 0) ||
    attempts + 1 >= MAX_NOTIFY_ATTEMPTS
  ) {
    return { done: true };
  }
  // Back off 2 s, 4 s, 8 s ... for the targets that failed.
  return {
    done: false,
    retryAt: now + 2000 * 2 ** attempts,
    item: { ...item, targets: { push: failedPush, webhooks: failedHooks } },
    failed: true,
  };
}
