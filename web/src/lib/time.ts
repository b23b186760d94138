/** Deadlines in the reader's language: "in 5 hours (Tue 14:00)". */
import { createSignal } from "solid-js";
import { language, t } from "../i18n";

const [now, setNow] = createSignal(Date.now());
// One clock for every deadline on the page; a minute is fine for correspondence time.
setInterval(() => setNow(Date.now()), 30_000);

export { now };

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

export function relativeTime(iso: string): string {
  const diff = Date.parse(iso) - now();
  const format = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === "minute")
      return format.format(Math.round(diff / ms), unit);
  }
  return "";
}

export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat(language(), {
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}

export function hoursLabel(hours: number): string {
  const days = hours % 24 === 0 && hours >= 48;
  return new Intl.NumberFormat(language(), {
    style: "unit",
    unit: days ? "day" : "hour",
    unitDisplay: "long",
  }).format(days ? hours / 24 : hours);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Time to a deadline in a few characters: "12 hr left", "35 min left", "3 days left". */
export function timeLeft(iso: string): string {
  const ms = Date.parse(iso) - now();
  if (!(ms > 0)) return t("deadline.over");
  const [unit, value] =
    ms < HOUR_MS
      ? (["minute", Math.ceil(ms / MINUTE_MS)] as const)
      : ms < 48 * HOUR_MS
        ? (["hour", Math.round(ms / HOUR_MS)] as const)
        : (["day", Math.round(ms / (24 * HOUR_MS))] as const);
  const time = new Intl.NumberFormat(language(), {
    style: "unit",
    unit,
    unitDisplay: "short",
  }).format(value);
  return t("deadline.left", { time });
}
