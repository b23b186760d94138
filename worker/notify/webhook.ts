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
    const v6 = host.slice(1, -1);
    return (
      v6 === "::" ||
      v6 === "::1" ||
      /^f[cd]/i.test(v6) ||
      /^fe[89ab]/i.test(v6) ||
      /^::ffff:/i.test(v6)
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
