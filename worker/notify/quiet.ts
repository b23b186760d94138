/**
 * Quiet hours: notifications wait until morning in the player's own time zone.
 */

export interface QuietHours {
  /** IANA time zone, e.g. "Europe/Berlin". */
  timeZone: string;
  /** Hour (0-23) when quiet starts and ends; start > end wraps midnight (22 → 7). Equal: none. */
  start: number;
  end: number;
}

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Building a DateTimeFormat is the costly part; one per time zone is kept.
const formats = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Minutes since local midnight at `at` in `timeZone`. */
function localMinutes(at: number, timeZone: string): number {
  const parts = clockIn(timeZone).formatToParts(new Date(at));
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return hour * 60 + minute;
}

function inQuiet(minutes: number, quiet: QuietHours): boolean {
  const start = quiet.start * 60;
  const end = quiet.end * 60;
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** When a notification due at `at` may go out: `at` itself, or the end of the quiet hours. */
export function releaseTime(at: number, quiet: QuietHours | null): number {
  if (!quiet || !isValidTimeZone(quiet.timeZone)) return at;
  const minutes = localMinutes(at, quiet.timeZone);
  if (!inQuiet(minutes, quiet)) return at;
  const end = quiet.end * 60;
  const wait = (end - minutes + 24 * 60) % (24 * 60);
  // Round to the start of the minute, then step past any daylight-saving shift.
  let release = at - (at % 60_000) + wait * 60_000;
  for (let step = 0; step < 3 && inQuiet(localMinutes(release, quiet.timeZone), quiet); step++) {
    release += 3600_000;
  }
  return release;
}
