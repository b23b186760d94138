/**
 * Webhooks on a player's turn, received by a local receiver (test/support/webhook-receiver.ts):
 * each format, retries with back-off, no redirects, nothing for the mover, results for everyone,
 * quiet hours, and which URLs may be registered at all.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Seat } from "../../shared/engine";
import { deliver } from "../../worker/notify/send";
import { checkWebhookUrl } from "../../worker/notify/webhook";
import {
  call,
  createPlayer,
  createTable,
  getView,
  join,
  ORIGIN,
  type Player,
} from "./support/client";
import { handTurnTo, move, plainChoice, playUntil } from "./support/drive";
import {
  addWebhook,
  HOUR_MS,
  hookRequests,
  hookUrl,
  jsonHook,
  jsonNotes,
  neverQuiet,
  putSettings,
  queuedNotes,
  ringWithNotesDue,
  scriptHook,
  settle,
  uniqueName,
} from "./support/notify";

const ANNA: Seat = 0;
const bidHigh = (view: Parameters<typeof plainChoice>[0]) => plainChoice(view, 264);

/** Anna (seat 0, with no quiet hours), a computer (seat 1) and Bernd (seat 2). */
async function annaAndBernd(name = "Anna") {
  const anna = await createPlayer(name);
  const bernd = await createPlayer("Bernd");
  await neverQuiet(anna);
  const table = await createTable(anna, { seats: 3, deals: 3, bots: 1 });
  expect(await join(bernd, table.id, table.invite)).toBe(2);
  await settle(table.id);
  return { anna, bernd, table, people: [anna, null, bernd] };
}

function utf8Base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

describe("webhook formats", () => {
  it("posts the turn as JSON, to ntfy, Discord and Slack, and over http to localhost in development", async () => {
    const { anna, table, people } = await annaAndBernd("Jörg");
    const names = {
      json: uniqueName("json"),
      ntfy: uniqueName("ntfy"),
      discord: uniqueName("discord"),
      slack: uniqueName("slack"),
      local: uniqueName("local"),
    };
    for (const format of ["json", "ntfy", "discord", "slack"] as const)
      await addWebhook(anna, hookUrl(names[format]), format);
    await addWebhook(anna, hookUrl(names.local, true), "json");

    await handTurnTo(people, table.id, ANNA, bidHigh);
    await settle(table.id);
    const url = `${ORIGIN}/t/${table.id}`;
    const title = "Your turn at Jörg's table";
    const body = "Deal 1 of 3: it is your move.";
    const only = async (name: string) => {
      const requests = await hookRequests(name);
      expect(requests, name).toHaveLength(1);
      const request = requests[0] as (typeof requests)[number];
      expect(request.method).toBe("POST");
      expect(request.headers["user-agent"]).toBe("Fernskat-Webhook/1");
      return request;
    };

    const json = await only(names.json);
    expect(json.url).toBe(hookUrl(names.json));
    expect(json.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(json.body)).toEqual({ type: "turn", title, body, url, table: table.id });

    const ntfy = await only(names.ntfy);
    expect(ntfy.headers["content-type"]).toBe("text/plain; charset=utf-8");
    // Header values are ASCII: ntfy reads the title as an RFC 2047 encoded word.
    expect(ntfy.headers.title).toBe(`=?UTF-8?B?${utf8Base64(title)}?=`);
    expect(ntfy.headers.click).toBe(url);
    expect(ntfy.headers.tags).toBe("black_joker");
    expect(ntfy.body).toBe(body);

    const discord = await only(names.discord);
    expect(JSON.parse(discord.body)).toEqual({
      content: `**${title}**\n${body}\n${url}`,
      allowed_mentions: { parse: [] },
    });

    const slack = await only(names.slack);
    expect(JSON.parse(slack.body)).toEqual({
      text: `*${title}*\n${body}\n<${url}|Open the table>`,
    });

    const local = await only(names.local);
    expect(local.url).toMatch(/^http:\/\/localhost:\d+\/hook\//);
    expect(JSON.parse(local.body)).toMatchObject({ type: "turn", title });
  });
});

describe("a receiver that fails", () => {
  it("is retried with back-off until it answers, without holding up the D1 index", async () => {
    const { anna, table, people } = await annaAndBernd();
    const hook = await jsonHook(anna);
    await scriptHook(hook, [{ status: 500 }, { status: 503 }]);
    await handTurnTo(people, table.id, ANNA, bidHigh);
    await settle(table.id);

    expect((await hookRequests(hook)).map((r) => r.status)).toEqual([500]);
    let [queued] = await queuedNotes(table.id);
    expect(queued).toMatchObject({ playerId: anna.id, kind: "turn", attempts: 1 });
    expect((queued?.nextAt as number) - Date.now()).toBeGreaterThan(0);
    expect((queued?.nextAt as number) - Date.now()).toBeLessThanOrEqual(2000);
    // "My games" in D1 already shows it is Anna's move.
    const row = await env.DB.prepare(
      "SELECT to_move FROM player_tables WHERE table_id = ? AND player_id = ?",
    )
      .bind(table.id, anna.id)
      .first<{ to_move: number }>();
    expect(row?.to_move).toBe(1);

    await ringWithNotesDue(table.id);
    expect((await hookRequests(hook)).map((r) => r.status)).toEqual([500, 503]);
    [queued] = await queuedNotes(table.id);
    expect(queued).toMatchObject({ attempts: 2 });
    // The wait doubles.
    expect((queued?.nextAt as number) - Date.now()).toBeGreaterThan(2000);
    expect((queued?.nextAt as number) - Date.now()).toBeLessThanOrEqual(4000);

    await ringWithNotesDue(table.id);
    const requests = await hookRequests(hook);
    expect(requests.map((r) => r.status)).toEqual([500, 503, 200]);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    expect(await queuedNotes(table.id)).toEqual([]);
  });

  it("does not have its redirect followed", async () => {
    const { anna, table, people } = await annaAndBernd();
    const hook = await jsonHook(anna);
    const elsewhere = uniqueName("elsewhere");
    await scriptHook(hook, [{ status: 307, location: hookUrl(elsewhere) }]);
    await handTurnTo(people, table.id, ANNA, bidHigh);
    await settle(table.id);
    expect((await hookRequests(hook)).map((r) => r.status)).toEqual([307]);
    expect(await hookRequests(elsewhere)).toEqual([]);
    // A redirect is not a delivery: it is tried again later, at the URL the player gave.
    expect(await queuedNotes(table.id)).toMatchObject([{ attempts: 1 }]);
    await ringWithNotesDue(table.id);
    expect((await hookRequests(hook)).map((r) => r.status)).toEqual([307, 200]);
    expect(await hookRequests(elsewhere)).toEqual([]);
  });
});

describe("who is told", () => {
  it("tells only the player who must act next, never the one who just moved", async () => {
    const people = await Promise.all(["Anna", "Bernd", "Carla"].map((name) => createPlayer(name)));
    const [anna, bernd, carla] = people as [Player, Player, Player];
    const hooks: string[] = [];
    for (const person of people) {
      await neverQuiet(person);
      hooks.push(await jsonHook(person));
    }
    const table = await createTable(anna, { seats: 3, deals: 3 });
    await join(bernd, table.id, table.invite);
    await join(carla, table.id, table.invite);
    await settle(table.id);
    const counts = () => Promise.all(hooks.map(async (hook) => (await jsonNotes(hook)).length));
    // Carla's joining starts the series: the first to act hears of it, unless that is Carla.
    const first = (await getView(anna, table.id)).toAct as Seat;
    expect(await counts()).toEqual([0, 1, 2].map((seat) => (seat === first && seat !== 2 ? 1 : 0)));

    // Everybody bids on, so no deal ends: every move hands the turn to someone else.
    let mover = (await getView(anna, table.id)).toAct as Seat;
    for (let moves = 0; moves < 6; moves++) {
      const before = await counts();
      const after = await move(people[mover] as Player, table.id, bidHigh);
      const next = after.toAct as Seat;
      expect(next).not.toBe(mover);
      await settle(table.id);
      const now = await counts();
      for (let seat = 0; seat < 3; seat++) {
        expect(now[seat], `seat ${seat} after seat ${mover} moved`).toBe(
          (before[seat] as number) + (seat === next ? 1 : 0),
        );
      }
      const [latest] = (await jsonNotes(hooks[next] as string)).slice(-1);
      expect(latest).toMatchObject({ type: "turn", body: "Deal 1 of 3: it is your move." });
      mover = next;
    }
  });

  it("tells a player nothing when the computers answer and it is their turn again", async () => {
    const anna = await createPlayer("Anna");
    await neverQuiet(anna);
    const hook = await jsonHook(anna);
    // Creating the table is Anna's own doing too: the computers answer, and it is her move.
    const table = await createTable(anna, { seats: 3, deals: 3, bots: 2 });
    await settle(table.id);
    expect(await jsonNotes(hook)).toEqual([]);
    let view = await getView(anna, table.id);
    while (view.dealNumber === 0) {
      expect(view.toAct).toBe(ANNA);
      view = await move(anna, table.id, (own) => plainChoice(own, 18));
      await settle(table.id);
    }
    // Only the result of the deal, which goes to everyone.
    const notes = await jsonNotes(hook);
    expect(notes.map((note) => note.type)).toEqual(["deal"]);
    expect(notes[0]?.body).toMatch(/^Deal 1 of 3: /);
  });

  it("tells everyone the result of each deal and the end of the series", async () => {
    const people = await Promise.all(["Anna", "Bernd", "Carla"].map((name) => createPlayer(name)));
    const [anna, bernd, carla] = people as [Player, Player, Player];
    const table = await createTable(anna, { seats: 3, deals: 3 });
    await join(bernd, table.id, table.invite);
    await join(carla, table.id, table.invite);
    const hooks: string[] = [];
    for (const person of people) {
      await neverQuiet(person);
      hooks.push(await jsonHook(person));
    }
    // Everybody passes: three deals passed in, nine moves.
    const last = await playUntil(people, table.id, (view) => view.finished);
    expect(last.sheet).toHaveLength(3);
    await settle(table.id);
    for (const hook of hooks) {
      const bodies = (await jsonNotes(hook)).map((note) => note.body);
      for (const deal of [1, 2, 3])
        expect(
          bodies.filter((body) => body.includes(`Deal ${deal} of 3: passed in.`)),
        ).toHaveLength(1);
      expect(bodies.at(-1)).toMatch(
        /\nThe series is over: you placed \d of 3 with -?\d+ points\.$/,
      );
    }
  });
});

describe("quiet hours", () => {
  it("hold a notification until they end", async () => {
    const { anna, table, people } = await annaAndBernd();
    const hook = await jsonHook(anna);
    const timeZone = "Asia/Kolkata";
    const localHour = (at: number) =>
      Number(
        new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(
          at,
        ),
      );
    const hour = localHour(Date.now());
    await putSettings(anna, { timeZone, quietStart: hour, quietEnd: (hour + 2) % 24 });

    await handTurnTo(people, table.id, ANNA, bidHigh);
    await settle(table.id);
    expect(await jsonNotes(hook)).toEqual([]);
    const [held] = await queuedNotes(table.id);
    expect(held).toMatchObject({ playerId: anna.id, kind: "turn", attempts: 0 });
    const releaseAt = held?.nextAt as number;
    // The end of the quiet hours in Anna's time zone (UTC+5:30): a local full hour.
    expect(releaseAt).toBeGreaterThan(Date.now() + HOUR_MS - 60_000);
    expect(releaseAt).toBeLessThanOrEqual(Date.now() + 2 * HOUR_MS);
    expect(releaseAt % HOUR_MS).toBe(HOUR_MS / 2);
    expect(localHour(releaseAt)).toBe((hour + 2) % 24);

    // Still quiet: the alarm keeps it waiting.
    await ringWithNotesDue(table.id);
    expect(await jsonNotes(hook)).toEqual([]);
    expect(await queuedNotes(table.id)).toHaveLength(1);

    // Time passes the end of the quiet hours (moved here by moving the hours), and it goes out.
    await putSettings(anna, { quietStart: (hour + 22) % 24, quietEnd: hour });
    await ringWithNotesDue(table.id);
    expect((await jsonNotes(hook)).map((note) => note.type)).toEqual(["turn"]);
    expect(await queuedNotes(table.id)).toEqual([]);
  });

  it("default to 22-7 UTC for a player who never changed them, as the settings show", async () => {
    const nora = await createPlayer("Nora", { autoPlay: true });
    const hook = await jsonHook(nora);
    const settings = await call("GET", "/api/me/settings", {
      token: nora.token,
      address: nora.address,
    });
    expect(await settings.json()).toMatchObject({ timeZone: "UTC", quietStart: 22, quietEnd: 7 });
    const item = {
      kind: "notify" as const,
      playerId: nora.id,
      note: {
        kind: "turn",
        title: "Your turn",
        body: "Deal 1 of 3",
        url: `${ORIGIN}/t/x`,
        tableId: "x",
      },
    };
    const lateEvening = Date.UTC(2026, 0, 15, 23, 30);
    expect(await deliver(env, item, lateEvening, 0)).toMatchObject({
      done: false,
      retryAt: Date.UTC(2026, 0, 16, 7, 0),
      failed: false,
    });
    expect(await hookRequests(hook)).toEqual([]);
    expect(await deliver(env, item, Date.UTC(2026, 0, 16, 7, 0), 0)).toEqual({ done: true });
    expect(await jsonNotes(hook)).toHaveLength(1);
  });
});

describe("webhook URLs", () => {
  const register = (player: Player, body: unknown) =>
    call("POST", "/api/me/webhooks", {
      token: player.token,
      address: player.address,
      body,
      patient: true,
    });

  it("are https only (http only to localhost, in development); private addresses are refused", async () => {
    const olga = await createPlayer("Olga");
    for (const url of [
      "http://example.com/hook",
      "ftp://example.com/hook",
      "ws://example.com/hook",
      "javascript:alert(1)",
      "not a url",
      "https://user:secret@example.com/hook",
      "http://127.0.0.2:8080/hook",
      "http://localhost.example.com/hook",
      "https://10.1.2.3/hook",
      "https://172.16.0.1/hook",
      "https://192.168.1.10/hook",
      "https://100.64.0.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://0.0.0.0/hook",
      "https://224.0.0.1/hook",
      "https://[fd00::1]/hook",
      "https://[fe80::1]/hook",
      "https://[::ffff:10.0.0.1]/hook",
      "https://[::]/hook",
      "https://[::127.0.0.1]/hook",
      "https://[64:ff9b::a00:1]/hook",
      "https://[ff02::1]/hook",
      "https://printer.local/hook",
      "https://metadata.google.internal/hook",
      "https://intranet/hook",
    ]) {
      const res = await register(olga, { url, format: "json" });
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({ error: { code: "ERR_BAD_WEBHOOK" } });
    }
    const accepted: string[] = [];
    for (const url of [
      "https://ntfy.sh/fernskat-olga",
      "https://discord.com/api/webhooks/1/abc",
      "http://localhost:8787/hook",
      "http://127.0.0.1:8787/hook",
      "http://[::1]:8787/hook",
    ]) {
      const res = await register(olga, { url, format: "json" });
      expect(res.status, url).toBe(201);
      accepted.push((await res.json<{ url: string }>()).url);
    }
    expect(accepted[0]).toBe("https://ntfy.sh/fernskat-olga");
    // Outside development plain http and localhost are refused too.
    expect(checkWebhookUrl("http://localhost:8787/hook", false)).toMatchObject({ ok: false });
    expect(checkWebhookUrl("https://localhost/hook", false)).toMatchObject({ ok: false });
    expect(checkWebhookUrl("https://127.0.0.1/hook", false)).toMatchObject({ ok: false });
    expect(checkWebhookUrl("https://ntfy.sh/x", false)).toMatchObject({ ok: true });
    expect(checkWebhookUrl("https://[2606:4700::1111]/hook", false)).toMatchObject({ ok: true });
  });

  it("have a known format and a length limit; five per player; each removable by its owner", async () => {
    const olga = await createPlayer("Olga");
    const piotr = await createPlayer("Piotr");
    const refusals: [unknown, string][] = [
      [{ url: "https://ntfy.sh/x", format: "xml" }, "ERR_BAD_FIELD"],
      [{ url: "https://ntfy.sh/x", format: 1 }, "ERR_BAD_FIELD"],
      [{ url: `https://ntfy.sh/${"x".repeat(490)}` }, "ERR_BAD_FIELD"],
      [{ url: 42 }, "ERR_BAD_FIELD"],
      [{ format: "json" }, "ERR_BAD_FIELD"],
      [{ url: "https://ntfy.sh/x", secret: "s" }, "ERR_UNKNOWN_FIELD"],
    ];
    for (const [body, code] of refusals) {
      const res = await register(olga, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code } });
    }
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) {
      // Without a format, plain JSON.
      const res = await register(olga, { url: `https://ntfy.sh/olga-${n}` });
      expect(res.status).toBe(201);
      const created = await res.json<{ id: string; format: string }>();
      expect(created.format).toBe("json");
      ids.push(created.id);
    }
    const sixth = await register(olga, { url: "https://ntfy.sh/olga-5" });
    expect(sixth.status).toBe(409);
    expect(await sixth.json()).toMatchObject({ error: { code: "ERR_TOO_MANY" } });

    const remove = (player: Player, id: string) =>
      call("DELETE", `/api/me/webhooks/${id}`, { token: player.token, address: player.address });
    expect((await remove(piotr, ids[0] as string)).status).toBe(404);
    expect((await remove(olga, ids[0] as string)).status).toBe(204);
    const again = await remove(olga, ids[0] as string);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: "ERR_NOT_FOUND" } });
    const listed = await call("GET", "/api/me/settings", {
      token: olga.token,
      address: olga.address,
    });
    expect(
      (await listed.json<{ webhooks: { id: string }[] }>()).webhooks.map((hook) => hook.id).sort(),
    ).toEqual(ids.slice(1).sort());
    expect((await register(olga, { url: "https://ntfy.sh/olga-5" })).status).toBe(201);
  });
});
