#!/usr/bin/env node
// Browser tests: builds the client, starts one `wrangler dev` on a free port with a fresh local
// D1 (migrated), launches Debian's headless Chromium once, and runs every test/e2e/*.e2e.mjs
// against it. Arguments filter the files by substring. Results go to test-results/e2e.json,
// screenshots and the server log to test-results/e2e/.
import { spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { generateDevVars } from "../../scripts/ensure-dev-vars.mjs";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium.mjs";
import { registered, setCurrentFile } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const resultsDir = join(root, "test-results");
const outDir = join(resultsDir, "e2e");
const summaryFile = join(resultsDir, "e2e.json");
const wranglerBin = join(root, "node_modules", "wrangler", "bin", "wrangler.js");
const viteBin = join(root, "node_modules", "vite", "bin", "vite.js");

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const log = (line) => console.log(line);

/** @type {{ file: string, name: string, status: "passed" | "failed" | "skipped", ms: number, error?: string }[]} */
const results = [];

function writeSummary(extra = {}) {
  const count = (s) => results.filter((r) => r.status === s).length;
  const summary = {
    passed: count("passed"),
    failed: count("failed"),
    skipped: count("skipped"),
    tests: results,
    ...extra,
  };
  writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

function loudWarning(lines) {
  const bar = "#".repeat(78);
  console.error(["", bar, ...lines.map((l) => `#  ${l}`), bar, ""].join("\n"));
}

async function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) {
    throw new Error(`${args.slice(0, 3).join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  }
}

// ---- discover the tests -------------------------------------------------------------------

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".e2e.mjs"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
for (const file of files) {
  setCurrentFile(file);
  await import(pathToFileURL(join(here, file)).href);
}
if (registered.length === 0) {
  writeSummary();
  log("e2e: no browser tests found");
  process.exit(0);
}

// ---- the browser --------------------------------------------------------------------------

const browserCheck = ensureChromium({ log });
if (!("path" in browserCheck)) {
  for (const t of registered) {
    results.push({ file: t.file, name: t.name, status: "skipped", ms: 0 });
  }
  const failing = "fail" in browserCheck;
  const reason = "fail" in browserCheck ? browserCheck.fail : browserCheck.skip;
  loudWarning([
    `BROWSER TESTS ${failing ? "FAILED" : "SKIPPED"}: ${registered.length} e2e test(s) did not run.`,
    `Reason: ${reason}.`,
    "Fix: run `apt-get install -y chromium` as root (or set CHROMIUM_PATH to a Chromium binary).",
    failing ? "CI=true, so this is a failure." : "The other tests are not affected.",
  ]);
  if (failing) {
    for (const r of results) r.status = "failed";
  }
  const s = writeSummary({ browser: null, reason });
  log(`e2e: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
  process.exit(failing ? 1 : 0);
}

// ---- the server ---------------------------------------------------------------------------

/** @type {import("node:child_process").ChildProcess | undefined} */
let server;
let persistDir = "";
/** @type {import("playwright-core").Browser | undefined} */
let browser;

async function stopServer() {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  try {
    // wrangler runs workerd children: end the whole process group (STACK.md gotcha 11).
    process.kill(-child.pid, "SIGTERM");
  } catch {}
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  }, 5000);
  await exited;
  clearTimeout(timer);
}

async function cleanup() {
  await browser?.close().catch(() => {});
  await stopServer();
  if (persistDir) rmSync(persistDir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}
process.once("exit", () => {
  // Last resort if something threw past the finally below.
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {}
  }
});

let exitCode = 0;
try {
  const env = {
    ...process.env,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_HIDE_BANNER: "true",
    CI: "true", // no prompts from wrangler
  };

  let t0 = Date.now();
  run(
    process.execPath,
    [viteBin, "build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
    env,
  );
  persistDir = mkdtempSync(join(tmpdir(), "fernskat-e2e-"));
  run(
    process.execPath,
    [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir],
    env,
  );
  log(`e2e: client built and fresh D1 migrated in ${seconds(Date.now() - t0)}`);

  const port = await freePort();
  const inspectorPort = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Secrets as --var so the run does not depend on (or touch) a developer's .dev.vars.
  const secrets = Object.entries(generateDevVars()).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const serverLog = join(outDir, "wrangler.log");
  const logStream = createWriteStream(serverLog);
  t0 = Date.now();
  server = spawn(
    process.execPath,
    [
      wranglerBin,
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      ...secrets,
    ],
    { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout?.pipe(logStream);
  server.stderr?.pipe(logStream);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited early; see ${serverLog}`);
    if (Date.now() > deadline)
      throw new Error(`wrangler dev not ready after 60 s; see ${serverLog}`);
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`e2e: wrangler dev ready on ${baseURL} in ${seconds(Date.now() - t0)}`);

  // launch() gives Chromium a fresh temporary --user-data-dir of its own, removed on close
  // (Playwright refuses an explicit --user-data-dir argument here).
  browser = await chromium.launch({
    executablePath: browserCheck.path,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  log(`e2e: chromium ${browser.version()} (${browserCheck.path}), ${registered.length} test(s)`);

  for (const t of registered) {
    const contexts = [];
    const problems = [];
    const newPage = async () => {
      const context = await browser.newContext({ baseURL });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      await context.route("**/*", (route) => {
        const url = route.request().url();
        if (new URL(url).origin === baseURL) return route.continue();
        problems.push(`request to an external host: ${url}`);
        return route.abort();
      });
      const page = await context.newPage();
      page.on("pageerror", (err) => problems.push(`uncaught error in page: ${err.message}`));
      return page;
    };
    const screenshot = async (name) => {
      const path = join(outDir, `${name}.png`);
      await contexts[0]?.pages()[0]?.screenshot({ path, fullPage: true });
      return path;
    };
    const t1 = Date.now();
    let error;
    try {
      const page = await newPage();
      const context = contexts[0];
      let timer;
      const timeout = new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error(`timed out after ${t.timeout} ms`)), t.timeout);
      });
      try {
        await Promise.race([
          t.fn({ browser, context, page, baseURL, newPage, screenshot }),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
      if (problems.length) throw new Error(problems.join("\n"));
    } catch (e) {
      error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      const shot = join(outDir, `FAILED-${t.file}-${results.length}.png`);
      await contexts[0]
        ?.pages()[0]
        ?.screenshot({ path: shot })
        .catch(() => {});
    }
    for (const c of contexts) await c.close().catch(() => {});
    const ms = Date.now() - t1;
    results.push({ file: t.file, name: t.name, status: error ? "failed" : "passed", ms, error });
    if (error) {
      log(`  ✗ ${t.file} › ${t.name} (${ms} ms)`);
      log(error.replace(/^/gm, "      "));
    } else {
      log(`  ✓ ${t.file} › ${t.name} (${ms} ms)`);
    }
  }
} catch (e) {
  // The harness itself broke (build, server, browser): every test that did not run has failed.
  console.error(`e2e: ${e instanceof Error ? e.message : String(e)}`);
  for (const t of registered.slice(results.length)) {
    results.push({ file: t.file, name: t.name, status: "failed", ms: 0, error: "not run" });
  }
  exitCode = 1;
} finally {
  await cleanup();
}

const summary = writeSummary({ seconds: (Date.now() - started) / 1000 });
if (summary.failed) exitCode = 1;
log(`e2e: ${summary.passed} passed, ${summary.failed} failed (${seconds(Date.now() - started)})`);
process.exit(exitCode);
