/** Short times for the channel list and full dates for titles, in the user's locale. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * `toLocale*String` with options builds a new Intl.DateTimeFormat on every call, which made
 * formatting dates most of the cost of rendering a channel; one formatter per locale and options.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(d: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f.format(d);
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * "now", "5m", "3h" within the day; "Yesterday"; a weekday within the week; then a short date
 * ("12 Mar", with the year when it is not this year).
 */
export function relativeTime(
  iso: string | null | undefined,
  now: Date = new Date(),
  locale?: string,
): string {
  if (!iso) return "";
  const then = new Date(iso);
  const t = then.getTime();
  if (Number.isNaN(t)) return "";
  const diff = now.getTime() - t;
  if (diff < MINUTE) return "now";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m`;
  if (sameDay(then, now) && diff < DAY) return `${Math.floor(diff / HOUR)}h`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(then, yesterday)) return "Yesterday";
  if (diff < 6 * DAY) return format(then, locale, { weekday: "short" });
  const options: Intl.DateTimeFormatOptions =
    then.getFullYear() === now.getFullYear()
      ? { day: "numeric", month: "short" }
      : { day: "numeric", month: "short", year: "numeric" };
  return format(then, locale, options);
}

/** The time of a message ("14:05"). */
export function clockTime(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : format(d, locale, { hour: "2-digit", minute: "2-digit" });
}

/** The full date and time, for hover titles. */
export function fullDate(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : format(d, locale, { dateStyle: "full", timeStyle: "short" });
}

/** A day separator's label: "Today", "Yesterday", or the date. */
export function dayLabel(iso: string, now: Date = new Date(), locale?: string): string {
  const d = new Date(iso);
  if (sameDay(d, now)) return "Today";
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(d, yesterday)) return "Yesterday";
  const options: Intl.DateTimeFormatOptions =
    d.getFullYear() === now.getFullYear()
      ? { weekday: "long", day: "numeric", month: "long" }
      : { weekday: "long", day: "numeric", month: "long", year: "numeric" };
  return format(d, locale, options);
}

/** A local calendar day key ("2025-03-12"). */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  const month = String(d.getMonth() + 1).padStart(2, "0");
  const day = String(d.getDate()).padStart(2, "0");
  return `${d.getFullYear()}-${month}-${day}`;
}
