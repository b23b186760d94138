#!/usr/bin/env node
// `npm run typecheck`: runs tsc on every TypeScript project of the repo, each with the types of
// the environment its code runs in, two at a time. Exits non-zero if any project has errors.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

const projects = [
  ["tsconfig.shared.json", "shared/ (pure: no DOM, Workers or Node types)"],
  ["tsconfig.json", "node: shared tests, cli/, test/node/, scripts, configs"],
  ["worker/tsconfig.json", "worker/ (Workers runtime)"],
  ["test/worker/tsconfig.json", "test/worker/ (workerd tests)"],
  ["web/tsconfig.json", "web/ (DOM + Solid)"],
];

/** tsc fails on a project whose include matches nothing; shared/ may not have code yet. */
function hasTs(dir) {
  try {
    return readdirSync(join(root, dir), { recursive: true }).some(
      (f) => String(f).endsWith(".ts") && !String(f).endsWith(".test.ts"),
    );
  } catch {
    return false;
  }
}

function run([config, label]) {
  return new Promise((done) => {
    if (config === "tsconfig.shared.json" && !hasTs("shared")) {
      done({ label, config, code: 0, out: "skipped: no .ts files in shared/ yet\n" });
      return;
    }
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, "-p", config, "--noEmit", "--pretty"], {
      cwd: root,
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("close", (code) =>
      done({ label, config, code: code ?? 1, out, ms: Date.now() - started }),
    );
  });
}

const queue = [...projects];
const results = [];
async function worker() {
  for (let p = queue.shift(); p; p = queue.shift()) results.push(await run(p));
}
await Promise.all([worker(), worker()]);

let failed = 0;
for (const [config] of projects) {
  const r = results.find((x) => x.config === config);
  if (!r) continue;
  const time = r.ms === undefined ? "" : ` (${(r.ms / 1000).toFixed(1)} s)`;
  console.log(`${r.code === 0 ? "ok  " : "FAIL"} ${r.config}: ${r.label}${time}`);
  if (r.out.trim()) console.log(r.out.trimEnd().replace(/^/gm, "     "));
  if (r.code !== 0) failed++;
}
console.log(failed ? `typecheck: ${failed} project(s) failed` : "typecheck: all projects clean");
process.exit(failed ? 1 : 0);
