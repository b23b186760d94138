import type { Table } from "./table";

/** Bindings, vars and secrets of the Worker: wrangler.toml plus `wrangler secret put`. */
export interface Env {
  /** One Durable Object per table (SQLite-backed). */
  TABLE: DurableObjectNamespace<Table>;
  /** Cross-table data: players, seats, "my games", finished deals, series results. */
  DB: D1Database;
  /** Requests per client address (CF-Connecting-IP). */
  IP_LIMITER: RateLimit;
  /** Requests per player token. */
  TOKEN_LIMITER: RateLimit;
  /** The built Solid client (web/dist). */
  ASSETS: Fetcher;
  /** `mailto:` or `https:` contact sent with Web Push (VAPID `sub`). */
  VAPID_SUBJECT: string;
  /** "true" only in development: webhooks may then be plain http to localhost. */
  DEV_ALLOW_LOCAL_HTTP_WEBHOOKS?: string;
  /** Secret: HMAC key for player tokens. */
  TOKEN_SECRET: string;
  /** Secret: VAPID public key, base64url uncompressed P-256 point. */
  VAPID_PUBLIC_KEY: string;
  /** Secret: VAPID private key, base64url scalar. */
  VAPID_PRIVATE_KEY: string;
}

type WorkerEnv = Env;

declare global {
  namespace Cloudflare {
    // Makes `env` from "cloudflare:workers" and `DurableObject<Env>` default to our bindings.
    interface Env extends WorkerEnv {}
  }
}
