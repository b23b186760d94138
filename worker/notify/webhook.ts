/**
 * Webhooks: a POST to a URL of the player's choosing, as plain JSON or in the format ntfy,
 * Discord or Slack expect. Only https (plain http only to localhost, for development); no
 * private addresses; redirects are never followed, so a public URL cannot bounce the Worker
 * into a private network.
 */

export const WEBHOOK_FORMATS = ["json", "ntfy", "discord", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export interface Notification {
  /** "turn" | "reminder" | "deal" | "series". */
  kind: string;
  title: string;
  body: string;
  /** Absolute link to the table. */
  url: string;
  tableId: string;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a webhook URL may be called. `allowLocalHttp` is for development only. */
export function checkWebhookUrl(raw: string, allowLocalHttp: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.username || url.password)
    return { ok: false, reason: "credentials in the URL are not allowed" };
  const host = url.hostname.toLowerCase();
  const loopback = LOOPBACK_HOSTS.has(host) || host.endsWith(".localhost");
  if (url.protocol === "http:") {
    if (!(allowLocalHttp && loopback)) return { ok: false, reason: "use https" };
    return { ok: true, url };
  }
  if (url.protocol !== "https:") return { ok: false, reason: "use https" };
  if (loopback && !allowLocalHttp) return { ok: false, reason: "localhost is not reachable" };
  if (!loopback && isPrivateHost(host))
    return { ok: false, reason: "private addresses are not allowed" };
  return { ok: true, url };
}

/** IP literals in private, loopback, link-local or unique-local ranges, and local-only names. */
export function isPrivateHost(host: string): boolean {
  if (
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    (!host.includes(".") && !host.startsWith("["))
  ) {
    return true;
  }
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (host.startsWith("[")) {
    const groups = ipv6Groups(host.slice(1, -1));
    // Unparsable: refuse rather than guess.
    if (!groups) return true;
    const [first = 0, second = 0] = groups;
    const upperZero = groups.slice(0, 5).every((group) => group === 0);
    return (
      // ::/96 (unspecified, loopback, IPv4-compatible) and ::ffff:0:0/96 (IPv4-mapped)
      (upperZero && (groups[5] === 0 || groups[5] === 0xffff)) ||
      // 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64 to IPv4 addresses)
      (first === 0x64 && second === 0xff9b) ||
      (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
      (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
      (first & 0xff00) === 0xff00 // ff00::/8 multicast
    );
  }
  return false;
}

export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
}

export function webhookRequest(format: WebhookFormat, note: Notification): WebhookRequest {
  switch (format) {
    case "ntfy":
      // ntfy takes the message as the body and the rest as headers (docs: "Publish via PUT/POST").
      return {
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          Title: asciiHeader(note.title),
          Click: note.url,
          Tags: note.kind === "turn" || note.kind === "reminder" ? "black_joker" : "spades",
        },
        body: note.body,
      };
    case "discord":
      return json({
        content: `**${note.title}**\n${note.body}\n${note.url}`,
        allowed_mentions: { parse: [] },
      });
    case "slack":
      return json({ text: `*${note.title}*\n${note.body}\n<${note.url}|Open the table>` });
    default:
      return json({
        type: note.kind,
        title: note.title,
        body: note.body,
        url: note.url,
        table: note.tableId,
      });
  }
}

function json(value: unknown): WebhookRequest {
  return { headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) };
}

/** HTTP header values must be ASCII; ntfy also reads RFC 2047 encoded words for the rest. */
function asciiHeader(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `=?UTF-8?B?${btoa(binary)}?=`;
}

export type WebhookOutcome = "sent" | "failed";

export async function sendWebhook(
  target: { url: string; format: WebhookFormat },
  note: Notification,
  allowLocalHttp: boolean,
  fetcher: typeof fetch = fetch,
): Promise<WebhookOutcome> {
  const checked = checkWebhookUrl(target.url, allowLocalHttp);
  if (!checked.ok) return "failed";
  const request = webhookRequest(target.format, note);
  try {
    const response = await fetcher(checked.url.toString(), {
      method: "POST",
      headers: { ...request.headers, "User-Agent": "Fernskat-Webhook/1" },
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(5000),
    });
    return response.status >= 200 && response.status < 300 ? "sent" : "failed";
  } catch {
    return "failed";
  }
}

/** The eight 16-bit groups of an IPv6 address (as the URL parser writes it), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0] ?? "");
  const tail = halves.length === 2 ? parse(halves[1] ?? "") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const all = [...head, ...new Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const groups = all.map((group) =>
    /^[0-9a-f]{1,4}$/i.test(group) ? Number.parseInt(group, 16) : Number.NaN,
  );
  return groups.length === 8 && groups.every((group) => !Number.isNaN(group)) ? groups : null;
}
