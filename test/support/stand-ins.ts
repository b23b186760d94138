/**
 * What the Node-side stand-ins (a Web Push service and webhook receivers) record, and how the
 * workerd tests find them. Types only: this file is read by both the Node and the workerd side.
 */

/** One message the stand-in push service received, with its verdict. */
export interface PushDelivery {
  /** The status the stand-in answered. */
  status: number;
  /** "ok", or why the request would have been refused by a real push service. */
  verdict: string;
  /** `vapid` (RFC 8292) or whatever scheme the Authorization header named. */
  authScheme: string | null;
  contentEncoding: string | null;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims once its signature checked out. */
  claims: { aud: string; exp: number; sub: string } | null;
  /** The decrypted payload (UTF-8), or null when it could not be decrypted. */
  payload: string | null;
}

/** What a browser's subscription gives the stand-in so that it can decrypt like the browser. */
export interface StandInSubscription {
  /** base64url private scalar `d` of the subscription's P-256 key. */
  privateKey: string;
  /** base64url 16-byte auth secret. */
  auth: string;
  /** Status to answer with once the message checked out (201 by default; 410 for "gone"). */
  status?: number;
}

/** One request a webhook receiver got. */
export interface HookRequest {
  method: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
  /** The URL the Worker called, before the test's outbound service rerouted it. */
  url: string;
  /** The status the receiver answered. */
  status: number;
}

/** What a receiver answers next (in order); once the list is used up it answers 200. */
export interface HookResponse {
  status: number;
  location?: string;
}

export interface StandIns {
  /** Subscription endpoints start with this (a fake https origin routed to the stand-in). */
  pushEndpointBase: string;
  /** The stand-in push service's own address: to register subscriptions, read deliveries. */
  pushControl: string;
  /** Webhook URLs at a fake https host routed to the receiver: `${hookBase}<name>`. */
  hookBase: string;
  /** The same receiver over plain http on localhost (allowed only in development). */
  localHookBase: string;
  /** The receiver's own address, for scripting answers and reading requests. */
  hookControl: string;
}

declare module "vitest" {
  interface ProvidedContext {
    /** Web Push application server keys the Worker signs with (base64url). */
    vapid: { publicKey: string; privateKey: string };
    standIns: StandIns;
  }
}
