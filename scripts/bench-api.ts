/**
 * `npm run bench:api` (tsx scripts/bench-api.ts [--tables N] [--seconds S] [--warmup S]
 * [--think-ms T] [--ref COMMIT] [--via-proxy]): the HTTP API under load, against the real app
 * started like `npm start` (client build, fresh local D1 with the migrations, `wrangler dev` on a
 * free loopback port) from a copy of the working tree (or of COMMIT), on loopback only and bounded
 * in time (a hard stop kills everything). The load goes to the Worker's own socket inside
 * `wrangler dev`, not through the dev proxy wrangler puts in front of it (see `appAddress`), and
 * the run's local D1 and Durable Object storage live in /dev/shm (see `makeStateDir`).
 *
 * Every table has one scripted human seat and two computer players (3 deals per series; a client
 * whose series ends creates the next table). Each client picks a legal action from its view's
 * `legal` (never concede or claim), sends it with the view's version, and continues from the view
 * the server answers after a think time of 0.5 to 1.5 times T (default 1000 ms): a quick human,
 * far below the per-token rate limit. Latency is measured per
 * POST /api/tables/:id/actions, from sending the request to the last byte of the answer; the bot
 * moves that the Durable Object makes inside that request are part of it.
 *
 * Rate limits stay on. The Worker allows 100 requests per 10 s per token and 600 per 10 s per
 * client address (CF-Connecting-IP). `wrangler dev` sets CF-Connecting-IP from the socket's
 * source address (a client-sent header would be kept, so this script never sends one), so each
 * client connects from its own loopback address 127.0.0.2, 127.0.0.3, ... (Linux routes all of
 * 127.0.0.0/8 to lo) and is limited like a separate person.
 *
 * Prints one JSON object per line, `{"name", "value", "unit"}`, like scripts/bench.ts; progress
 * and the server log's location go to stderr. Exits 1 on any error (the count must be 0). The copy
 * with the server's log is removed at the end unless there were errors or BENCH_API_KEEP is set.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateDevVars } from "./ensure-dev-vars.mjs";

interface Figure {
  name: string;
  value: number;
  unit: string;
}

interface Options {
  tables: number;
  seconds: number;
  warmupSeconds: number;
  thinkMs: number;
  /** A commit to benchmark instead of the working tree. */
  ref: string | null;
  /** Send the load through wrangler's dev proxy instead of to the Worker's own socket. */
  viaProxy: boolean;
  /** Keep the local D1 and Durable Object storage on disk instead of in memory (/dev/shm). */
  stateOnDisk: boolean;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const wranglerBin = join(root, "node_modules", "wrangler", "bin", "wrangler.js");
const viteBin = join(root, "node_modules", "vite", "bin", "vite.js");

const MAX_TABLES = 250;
const MAX_SECONDS = 120;
const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_MS = 10_000;
const RAMP_MS = 5000;
const SERVER_READY_MS = 60_000;
/** Whole run, setup included: past this the server is killed and the script fails. */
const HARD_STOP_EXTRA_MS = 150_000;

const log = (line: string) => process.stderr.write(`bench:api: ${line}\n`);

function parseOptions(argv: string[]): Options {
  const options: Options = {
    tables: 100,
    seconds: 25,
    warmupSeconds: 8,
    thinkMs: 1000,
    ref: null,
    viaProxy: false,
    stateOnDisk: false,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = Number(argv[i + 1]);
    if (flag === "--via-proxy" || flag === "--state-on-disk") {
      options[flag === "--via-proxy" ? "viaProxy" : "stateOnDisk"] = true;
      i--;
      continue;
    }
    if (flag === "--ref" && /^[\w./~^-]{1,100}$/.test(argv[i + 1] ?? "")) {
      options.ref = argv[i + 1] as string;
      continue;
    }
    const limits: Record<
      string,
      [Exclude<keyof Options, "ref" | "viaProxy" | "stateOnDisk">, number, number]
    > = {
      "--tables": ["tables", 1, MAX_TABLES],
      "--seconds": ["seconds", 1, MAX_SECONDS],
      "--warmup": ["warmupSeconds", 0, 30],
      "--think-ms": ["thinkMs", 0, 5000],
    };
    const limit = flag === undefined ? undefined : limits[flag];
    if (!limit || !Number.isFinite(value) || value < limit[1] || value > limit[2]) {
      log(`usage: bench-api.ts [--tables 1-${MAX_TABLES}] [--seconds 1-${MAX_SECONDS}]`);
      log("                    [--warmup 0-30] [--think-ms 0-5000] [--ref <commit>] [--via-proxy]");
      log("                    [--state-on-disk]");
      process.exit(2);
    }
    options[limit[0]] = value;
  }
  return options;
}

async function freePort(): Promise<number> {
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

function runOrThrow(args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, args, { cwd, env, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${args.slice(1, 4).join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

// ---- HTTP from a fixed loopback source address ------------------------------------------------

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

class Client {
  private readonly agent: http.Agent;
  token = "";

  constructor(
    private readonly port: number,
    readonly address: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  }

  request(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    return new Promise((done, fail) => {
      const started = performance.now();
      const req = http.request(
        { host: "127.0.0.1", port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const ms = performance.now() - started;
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {}
            done({ status: res.statusCode ?? 0, body: parsed, ms });
          });
          res.on("error", fail);
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("request timed out")));
      req.on("error", fail);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---- The scripted human --------------------------------------------------------------------

type Action = { type: string; [field: string]: unknown };

interface View {
  version: number;
  seat: number | null;
  toAct: number | null;
  phase: string;
  finished: boolean;
  dealNumber: number;
  legal: Action[];
}

/** xorshift32: the bench is reproducible for a given client index. */
function makeRandom(seed: number): (n: number) => number {
  let x = seed * 2654435761 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** A plausible human: bids low, usually picks up the skat, announces little, plays any legal card. */
function chooseAction(view: View, random: (n: number) => number): Action | undefined {
  const legal = view.legal.filter((a) => a.type !== "concede" && a.type !== "claim");
  if (legal.length === 0) return undefined;
  const pick = (actions: Action[]) => actions[random(actions.length)];
  if (view.phase === "bidding") {
    const modest = legal.filter(
      (a) => a.type === "pass" || a.type === "hold" || (a.type === "bid" && Number(a.value) <= 23),
    );
    return pick(modest.length > 0 ? modest : legal);
  }
  if (view.phase === "skat" && random(4) > 0) {
    const pickUp = legal.find((a) => a.type === "pickUp");
    if (pickUp) return pickUp;
  }
  if (view.phase === "skat" || view.phase === "declare") {
    const plain = legal.filter((a) => a.type !== "declare" || (!a.schwarz && !a.ouvert));
    return pick(plain.length > 0 ? plain : legal);
  }
  return pick(legal);
}

interface Tally {
  latencies: number[];
  actions: number;
  /** Every engine action the server applied in measured requests: the human's and the bots'. */
  tableActions: number;
  dealsFinished: number;
  seriesFinished: number;
  tablesCreated: number;
  errors: Map<string, number>;
  measuring: boolean;
  stopping: boolean;
}

function countError(tally: Tally, what: string): void {
  tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
}

function errorKey(answer: Answer): string {
  const body = answer.body as { error?: { code?: string } } | string | undefined;
  const code =
    typeof body === "object" && body?.error?.code
      ? body.error.code
      : JSON.stringify(body ?? "").slice(0, 160);
  return `${answer.status} ${code}`;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function newTable(client: Client, tally: Tally): Promise<View | null> {
  const created = await client.request("POST", "/api/tables", { seats: 3, bots: 2, deals: 3 });
  if (created.status !== 201) {
    countError(tally, `create table: ${errorKey(created)}`);
    return null;
  }
  tally.tablesCreated++;
  const id = (created.body as { table: { id: string } }).table.id;
  const viewed = await client.request("GET", `/api/tables/${id}`);
  if (viewed.status !== 200) {
    countError(tally, `first view: ${errorKey(viewed)}`);
    return null;
  }
  return { ...(viewed.body as View), id } as View & { id: string };
}

/** One client: its player, then table after table, each played to the end of its series. */
async function runClient(index: number, client: Client, tally: Tally, options: Options) {
  const random = makeRandom(index + 1);
  const think = () => sleep(options.thinkMs / 2 + random(options.thinkMs + 1));
  try {
    const player = await client.request("POST", "/api/players", { name: `Bench ${index}` });
    if (player.status !== 201) {
      countError(tally, `create player: ${errorKey(player)}`);
      return;
    }
    client.token = (player.body as { token: string }).token;
    while (!tally.stopping) {
      let view = (await newTable(client, tally)) as (View & { id: string }) | null;
      if (!view) return;
      const id = view.id;
      while (!tally.stopping && !view.finished) {
        await think();
        if (tally.stopping) break;
        const action = chooseAction(view, random);
        if (!action) {
          countError(tally, `nothing to do in phase ${view.phase}`);
          return;
        }
        const measured = tally.measuring;
        const answer = await client.request("POST", `/api/tables/${id}/actions`, {
          version: view.version,
          action,
        });
        if (answer.status !== 200) {
          countError(tally, `action ${action.type}: ${errorKey(answer)}`);
          return;
        }
        const next = answer.body as View;
        if (measured && tally.measuring) {
          tally.latencies.push(answer.ms);
          tally.actions++;
          tally.tableActions += next.version - view.version;
        }
        if (next.dealNumber !== view.dealNumber) tally.dealsFinished++;
        if (next.finished) tally.seriesFinished++;
        view = { ...next, id };
      }
    }
  } catch (error) {
    countError(tally, `network: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

// ---- The server ------------------------------------------------------------------------------

let server: ChildProcess | undefined;
/** The snapshot of the working tree that the server runs from, with its local D1 and log. */
let workDir = "";
/** The local D1 and Durable Object storage of the run (in memory unless --state-on-disk). */
let stateDir = "";

/** Not copied: dependencies (linked instead), history, local state, build output and secrets. */
const NOT_COPIED = new Set([
  "node_modules",
  ".git",
  ".wrangler",
  "test-results",
  join("web", "dist"),
  ".dev.vars",
]);

/**
 * `wrangler dev` reloads the Worker whenever a file it bundled (or a directory esbuild looked into,
 * node_modules included) changes, failing the requests in flight with 503. Others may be working in
 * this tree during a run, so the server runs from a copy of it, on the Worker bundled beforehand.
 */
function snapshot(ref: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), "fernskat-bench-api-"));
  if (ref === null) {
    cpSync(root, dir, {
      recursive: true,
      filter: (source) => !NOT_COPIED.has(relative(root, source)),
    });
  } else {
    const archive = spawnSync("git", ["archive", "--format=tar", ref], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) throw new Error(`git archive ${ref}: ${archive.stderr}`);
    const untar = spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  }
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  // wrangler runs workerd children: end the whole process group (its own, from `detached`).
  const group = -child.pid;
  try {
    process.kill(group, "SIGTERM");
  } catch {}
  const timer = setTimeout(() => {
    try {
      process.kill(group, "SIGKILL");
    } catch {}
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * CPU time (ms) used so far by every process of the server's group: wrangler's Node process and
 * its workerd children. Linux only (/proc); null elsewhere. Unlike latency, this does not grow when
 * other work on the machine competes for the cores.
 */
function serverCpuMs(): Map<string, number> | null {
  const group = server?.pid;
  if (!group) return null;
  const byProcess = new Map<string, number>();
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue;
      }
      // Fields after the parenthesised command name: state ppid pgrp ... utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      const ms = (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
      byProcess.set(`${entry} ${processRole(entry)}`, ms);
    }
  } catch {
    return null;
  }
  return byProcess;
}

/** wrangler dev runs its Node process, a workerd with its proxy in front, and a workerd with ours. */
function processRole(pid: string): string {
  const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  if (!command.includes("workerd")) return command.includes("esbuild") ? "esbuild" : "wrangler";
  return command.includes("--inspector-addr") ? "workerd(app)" : "workerd(proxy)";
}

/** CPU ms per measured action, in all and per process role, over the measured window. */
function cpuPerAction(
  start: Map<string, number> | null,
  end: Map<string, number> | null,
  actions: number,
): { total: number; byRole: Map<string, number> } | null {
  if (!start || !end || actions === 0) return null;
  const byRole = new Map<string, number>();
  let total = 0;
  for (const [key, ms] of end) {
    const used = ms - (start.get(key) ?? 0);
    const role = key.slice(key.indexOf(" ") + 1);
    byRole.set(role, (byRole.get(role) ?? 0) + used / actions);
    total += used;
  }
  return { total: total / actions, byRole };
}

function killServerNow(): void {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {}
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}

/**
 * `wrangler dev` puts a proxy Worker of its own (in a second workerd) in front of the app, which
 * forwards every request to the app's workerd. Under a loaded machine that proxy loses POSTs in
 * flight ("Your worker restarted mid-request", 503) although the app never restarted, and it
 * costs a third of the CPU per request; production has no such hop. wrangler's debug log names
 * the app's own address (`userWorkerUrl`); requests sent there run the same Worker, bindings and
 * rate limits (the runtime sets CF-Connecting-IP from the socket just the same).
 */
async function appAddress(debugLog: string): Promise<number | null> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let text = "";
    try {
      text = readFileSync(debugLog, "utf8");
    } catch {}
    const found = [
      ...text.matchAll(
        /"userWorkerUrl":\{"protocol":"http:","hostname":"127\.0\.0\.1","port":"(\d+)"\}/g,
      ),
    ].at(-1);
    const port = found ? Number(found[1]) : null;
    if (port) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return port;
    }
    await sleep(200);
  }
  return null;
}

/**
 * Every move is a SQLite commit with fsync, in the table's storage and in D1. On this shared
 * machine's disk an fsync now and then waits hundreds of milliseconds behind other work, which is
 * the disk's latency, not the app's (production storage is not a local file). So the scratch
 * state lives in memory where there is /dev/shm; --state-on-disk measures with the disk.
 */
function makeStateDir(onDisk: boolean): string {
  const parent = !onDisk && existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  return mkdtempSync(join(parent, "fernskat-bench-api-state-"));
}

async function startServer(
  ref: string | null,
  viaProxy: boolean,
  stateOnDisk: boolean,
): Promise<{ port: number; logFile: string }> {
  const t0 = performance.now();
  workDir = snapshot(ref);
  stateDir = makeStateDir(stateOnDisk);
  const env = {
    ...process.env,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_HIDE_BANNER: "true",
    // Every `wrangler dev` of a Worker named "fernskat" writes the same entry of the shared dev
    // registry, and each rewrite makes the others restart their Worker (503 for POSTs in flight).
    WRANGLER_REGISTRY_PATH: join(workDir, ".wrangler", "registry"),
    // Its debug log (every inspector message: tens of MB a run) goes with the copy, not to ~/.
    WRANGLER_LOG_PATH: join(workDir, ".wrangler", "wrangler-debug.log"),
    CI: "true",
  };
  runOrThrow(
    [viteBin, "build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
    workDir,
    env,
  );
  // A fresh local D1 of its own, so the run neither depends on nor fills a developer's database.
  // The bundle `wrangler deploy` would upload; `wrangler dev --no-bundle` then watches only it.
  runOrThrow([wranglerBin, "deploy", "--dry-run", "--outdir", "bundle"], workDir, env);
  const persistDir = join(stateDir, "state");
  runOrThrow(
    [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir],
    workDir,
    env,
  );
  const port = await freePort();
  const inspectorPort = await freePort();
  // Inside .wrangler, which the dev server's file watcher ignores: a log it watched would reload it.
  mkdirSync(join(workDir, ".wrangler"), { recursive: true });
  const logFile = join(workDir, ".wrangler", "wrangler.log");
  const logStream = createWriteStream(logFile);
  const secrets = Object.entries(generateDevVars()).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  server = spawn(
    process.execPath,
    [
      wranglerBin,
      "dev",
      join("bundle", "index.js"),
      "--no-bundle",
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
    { cwd: workDir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout?.pipe(logStream);
  server.stderr?.pipe(logStream);
  const deadline = Date.now() + SERVER_READY_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited early; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`wrangler dev not ready in time; see ${logFile}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(200);
  }
  log(`server ready on port ${port} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (viaProxy) return { port, logFile };
  const direct = await appAddress(env.WRANGLER_LOG_PATH);
  if (direct === null) {
    log("the Worker's own address is not in wrangler's debug log: load goes through its proxy");
    return { port, logFile };
  }
  log(`load goes to the Worker's own socket, port ${direct} (--via-proxy: through port ${port})`);
  return { port: direct, logFile };
}

/** Every client needs its own loopback source address; fail early where the OS lacks them. */
async function checkAddresses(count: number): Promise<string[]> {
  const addresses = Array.from(
    { length: count },
    (_, i) => `127.0.${(i + 2) >> 8}.${(i + 2) & 255}`,
  );
  for (const address of [addresses[0], addresses[addresses.length - 1]] as string[]) {
    await new Promise<void>((done, fail) => {
      const probe = createServer();
      probe.on("error", () =>
        fail(new Error(`cannot use loopback address ${address} (Linux routes 127.0.0.0/8 to lo)`)),
      );
      probe.listen(0, address, () => probe.close(() => done()));
    });
  }
  return addresses;
}

// ---- Main ------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const addresses = await checkAddresses(options.tables);
  const hardStop = setTimeout(
    () => {
      log("hard stop: the run took too long; killing the server");
      killServerNow();
      process.exit(1);
    },
    (options.seconds + options.warmupSeconds) * 1000 + HARD_STOP_EXTRA_MS,
  );
  hardStop.unref();

  const { port, logFile } = await startServer(options.ref, options.viaProxy, options.stateOnDisk);
  const tally: Tally = {
    latencies: [],
    actions: 0,
    tableActions: 0,
    dealsFinished: 0,
    seriesFinished: 0,
    tablesCreated: 0,
    errors: new Map(),
    measuring: false,
    stopping: false,
  };
  const clients = addresses.map((address) => new Client(port, address));
  log(
    `${options.tables} tables from ${addresses[0]}-${addresses[addresses.length - 1]}, ` +
      `think ${options.thinkMs / 2}-${options.thinkMs * 1.5} ms, ` +
      `${options.warmupSeconds} s warm-up + ${options.seconds} s measured; ` +
      `load average ${loadavg()[0]?.toFixed(1)} before`,
  );
  // Clients arrive over the first seconds of the warm-up, as people would, not in one burst
  // (creating a player and a table costs several D1 writes each).
  const rampMs = Math.min(RAMP_MS, options.warmupSeconds * 1000);
  const running = clients.map(async (client, index) => {
    await sleep((index * rampMs) / clients.length);
    await runClient(index, client, tally, options);
  });
  await sleep(options.warmupSeconds * 1000);
  tally.measuring = true;
  const measureStart = performance.now();
  const cpuStart = serverCpuMs();
  await sleep(options.seconds * 1000);
  tally.measuring = false;
  const measuredSeconds = (performance.now() - measureStart) / 1000;
  const cpuEnd = serverCpuMs();
  const load = loadavg()[0] as number;
  const cpu = cpuPerAction(cpuStart, cpuEnd, tally.actions);
  tally.stopping = true;
  const drained = await Promise.race([
    Promise.all(running).then(() => true),
    sleep(DRAIN_MS).then(() => false),
  ]);
  if (!drained) countError(tally, "clients still busy after the drain time");
  for (const client of clients) client.close();
  await stopServer();

  const sorted = tally.latencies.slice().sort((a, b) => a - b);
  const errors = [...tally.errors.values()].reduce((sum, n) => sum + n, 0);
  const figures: Figure[] = [
    { name: "action_latency_p50_ms", value: round(percentile(sorted, 50)), unit: "ms" },
    { name: "action_latency_p99_ms", value: round(percentile(sorted, 99)), unit: "ms" },
    {
      name: "actions_per_second",
      value: round(tally.actions / measuredSeconds, 1),
      unit: "actions/s",
    },
    { name: "errors", value: errors, unit: "errors" },
    {
      name: "table_actions_per_second",
      value: round(tally.tableActions / measuredSeconds, 1),
      unit: "actions/s",
    },
    {
      name: "action_latency_max_ms",
      value: round(sorted[sorted.length - 1] ?? Number.NaN),
      unit: "ms",
    },
    { name: "tables", value: options.tables, unit: "tables" },
    ...(cpu ? [{ name: "server_cpu_ms_per_action", value: round(cpu.total), unit: "ms" }] : []),
    { name: "load_average_1m", value: round(load), unit: "runnable" },
    { name: "deals_finished", value: tally.dealsFinished, unit: "deals" },
  ];
  for (const figure of figures) console.log(JSON.stringify(figure));
  log(
    `${tally.actions} human actions measured (${tally.tableActions} with the bots' moves), ` +
      `${tally.tablesCreated} tables created, ${tally.dealsFinished} deals and ` +
      `${tally.seriesFinished} series finished`,
  );
  if (cpu) {
    const parts = [...cpu.byRole].map(([role, ms]) => `${role} ${ms.toFixed(2)}`);
    log(`server CPU ms per action: ${parts.join(", ")}`);
  }
  for (const [what, n] of tally.errors) log(`error x${n}: ${what}`);
  if (errors > 0 || process.env.BENCH_API_KEEP) log(`server log: ${logFile} (kept)`);
  else rmSync(workDir, { recursive: true, force: true });
  rmSync(stateDir, { recursive: true, force: true });
  return errors > 0 ? 1 : 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    killServerNow();
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    killServerNow();
    process.exit(1);
  },
);
