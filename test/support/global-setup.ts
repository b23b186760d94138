/**
 * globalSetup of the workerd tests (runs in Node): VAPID keys for the Worker, the stand-in push
 * service and the webhook receiver, handed to the tests and to vitest.config.ts with provide().
 */
import type { TestProject } from "vitest/node";
import { generateVapidKeys } from "../../scripts/ensure-dev-vars.mjs";
import { startPushService } from "./push-service";
import { startWebhookReceiver } from "./webhook-receiver";

/** Fake https hosts the Worker is given; the outbound service routes them to the local servers. */
const PUSH_HOST = "push.test";
const HOOK_HOST = "hooks.test";

export default async function setup(project: TestProject) {
  const vapid = generateVapidKeys();
  const push = await startPushService({
    vapidPublicKey: vapid.publicKey,
    audience: `https://${PUSH_HOST}`,
  });
  const hooks = await startWebhookReceiver();
  project.provide("vapid", vapid);
  project.provide("standIns", {
    pushEndpointBase: `https://${PUSH_HOST}/push/`,
    pushControl: push.url,
    hookBase: `https://${HOOK_HOST}/hook/`,
    localHookBase: `${hooks.url.replace("127.0.0.1", "localhost")}/hook/`,
    hookControl: hooks.url,
  });
  return async () => {
    await Promise.all([push.close(), hooks.close()]);
  };
}
