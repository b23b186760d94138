#!/usr/bin/env node
// `npm test`: every test of the project in one command.
//   1. vitest (projects "node" and "workers"), with a JSON report for the counts
//   2. the browser tests (test/e2e/run.mjs) against one `wrangler dev`
//   3. one closing line: "N passed, M failed" over both
// Arguments go to vitest (e.g. `npm test -- shared/`); then the browser tests are left out
// unless the argument list contains --e2e.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = join(root, "test-results");
const vitestReport = join(resultsDir, "vitest.json");
const e2eReport = join(resultsDir, "e2e.json");
mkdirSync(resultsDir, { recursive: true });

const args = process.argv.slice(2);
const withE2E = args.length === 0 || args.includes("--e2e");
const vitestArgs = args.filter((a) => a !== "--e2e");

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

// ---- vitest -------------------------------------------------------------------------------
rmSync(vitestReport, { force: true });
const vitest = spawnSync(
  process.execPath,
  [
    join(root, "node_modules", "vitest", "vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
    ...vitestArgs,
  ],
  { cwd: root, stdio: "inherit" },
);
const v = readJson(vitestReport);
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  // A file that fails to load has no tests to count: count it as one failure.
  const brokenSuites = (v.testResults ?? []).filter(
    (s) => s.status === "failed" && (s.assertionResults ?? []).length === 0,
  ).length;
  failed += brokenSuites;
} else {
  console.error("test: vitest wrote no report (it crashed before running tests)");
  failed += 1;
}
if (vitest.status !== 0) {
  ok = false;
  if (v && failed === 0) failed += 1; // e.g. an unhandled error outside any test
}

// ---- browser tests ------------------------------------------------------------------------
if (withE2E) {
  rmSync(e2eReport, { force: true });
  console.log("\ne2e: browser tests (test/e2e/*.e2e.mjs)");
  const e2e = spawnSync(process.execPath, [join(root, "test", "e2e", "run.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  const e = existsSync(e2eReport) ? readJson(e2eReport) : undefined;
  if (e?.skipped) {
    console.error(
      `\nWARNING: ${e.skipped} browser test(s) were SKIPPED: ${e.reason ?? "see above"}`,
    );
  }
  if (e) {
    passed += e.passed ?? 0;
    failed += e.failed ?? 0;
    skipped += e.skipped ?? 0;
  } else {
    console.error("test: the browser test runner wrote no report");
    failed += 1;
  }
  if (e2e.status !== 0) {
    ok = false;
    if (e && (e.failed ?? 0) === 0) failed += 1;
  }
}

if (failed > 0) ok = false;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
