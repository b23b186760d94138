// Finding (or installing) the Chromium that the browser tests drive: Debian's package, not a
// Playwright download (this machine can reach apt and npm only).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** Flags verified in STACK.md §10 (headless, no sandbox as root, no network side traffic). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * What to do about the browser.
 * @param {{ found: boolean, isRoot: boolean, ci: boolean }} situation
 * @returns {"use" | "install" | "skip" | "fail"}
 */
export function chromiumPlan({ found, isRoot, ci }) {
  if (found) return "use";
  if (isRoot) return "install";
  return ci ? "fail" : "skip";
}

/** @param {NodeJS.ProcessEnv} env */
export const isCI = (env) => env.CI === "true" || env.CI === "1";

/**
 * @param {{ env?: NodeJS.ProcessEnv, log?: (line: string) => void }} [options]
 * @returns {{ path: string } | { skip: string } | { fail: string }}
 */
export function ensureChromium({ env = process.env, log = console.log } = {}) {
  const path = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const ci = isCI(env);
  const plan = chromiumPlan({ found: existsSync(path), isRoot: process.getuid?.() === 0, ci });
  if (plan === "use") return { path };
  if (plan === "skip") {
    return { skip: `${path} not found, and installing it needs root (apt-get install chromium)` };
  }
  if (plan === "fail") return { fail: `${path} not found and CI=true: cannot run browser tests` };

  log(`e2e: ${path} not found; installing Debian's chromium with apt-get (about 40 s)`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "chromium"]]) {
    const r = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env: aptEnv });
    if (r.status !== 0) {
      const why = `apt-get ${args.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`})`;
      return ci ? { fail: why } : { skip: why };
    }
  }
  if (existsSync(path)) return { path };
  const why = `apt-get installed chromium but ${path} is still missing`;
  return ci ? { fail: why } : { skip: why };
}
