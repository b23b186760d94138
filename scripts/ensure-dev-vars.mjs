#!/usr/bin/env node
// Creates .dev.vars (local Worker secrets for `wrangler dev`) with any secret that is missing.
// Existing values are never changed, so a developer's keys survive every `npm start`.
// `--print` prints a fresh set instead (for `wrangler secret put` in production).
//
//   TOKEN_SECRET        HMAC key that signs player tokens: 32 random bytes, base64url
//   VAPID_PUBLIC_KEY    Web Push application server key: P-256 uncompressed point (65 bytes), base64url
//   VAPID_PRIVATE_KEY   the matching private scalar d (32 bytes), base64url
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** @returns {{ publicKey: string, privateKey: string }} */
export function generateVapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const pub = publicKey.export({ format: "jwk" });
  const priv = privateKey.export({ format: "jwk" });
  if (!pub.x || !pub.y || !priv.d) throw new Error("unexpected JWK export");
  const point = Buffer.concat([
    Buffer.from([0x04]),
    Buffer.from(pub.x, "base64url"),
    Buffer.from(pub.y, "base64url"),
  ]);
  return { publicKey: point.toString("base64url"), privateKey: priv.d };
}

/** Fresh values for every secret the Worker needs locally. */
export function generateDevVars() {
  const vapid = generateVapidKeys();
  return {
    TOKEN_SECRET: randomBytes(32).toString("base64url"),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
}

/**
 * Names defined in a .dev.vars / .env style file.
 * @param {string} text
 * @returns {Set<string>}
 */
export function definedNames(text) {
  const names = new Set();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line);
    if (m?.[1]) names.add(m[1]);
  }
  return names;
}

/**
 * Adds the missing secrets to `file` (creating it if needed) and returns the names it added.
 * @param {string} file
 * @returns {string[]}
 */
export function ensureDevVars(file) {
  const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
  const have = definedNames(existing);
  const fresh = generateDevVars();
  // The VAPID pair only works as a pair: if either half is missing, a new pair is of no use
  // without replacing the other half, which we never do. Report it instead.
  const vapidHave = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"].filter((k) => have.has(k));
  if (vapidHave.length === 1) {
    throw new Error(
      `${file} defines ${vapidHave[0]} without its other half; delete it to generate a new pair`,
    );
  }
  const added = Object.entries(fresh).filter(([name]) => !have.has(name));
  if (added.length === 0) return [];
  let text = existing;
  if (text === "")
    text =
      "# Local secrets for `wrangler dev`. Not committed. Created by scripts/ensure-dev-vars.mjs.\n";
  else if (!text.endsWith("\n")) text += "\n";
  for (const [name, value] of added) text += `${name}=${value}\n`;
  writeFileSync(file, text, { mode: 0o600 });
  return added.map(([name]) => name);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  if (process.argv.includes("--print")) {
    // Fresh values for production (`wrangler secret put`), printed, no file touched.
    for (const [name, value] of Object.entries(generateDevVars())) console.log(`${name}=${value}`);
    process.exit(0);
  }
  const root = resolve(fileURLToPath(import.meta.url), "../..");
  const file = resolve(root, ".dev.vars");
  const added = ensureDevVars(file);
  console.log(
    added.length ? `.dev.vars: added ${added.join(", ")}` : ".dev.vars: all secrets present",
  );
}
