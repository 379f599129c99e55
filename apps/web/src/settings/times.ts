/** The ends offered for Do Not Disturb and channel mutes, and how an end reads ("14:00"). */
import { clockTime } from "../chat/relative-time";

const MINUTE = 60_000;

export interface UntilChoice {
  label: string;
  until: (now: Date) => Date;
}

/** Tomorrow at `hour`:00, local time. */
export function tomorrowAt(now: Date, hour: number): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(hour, 0, 0, 0);
  return d;
}

const after = (minutes: number) => (now: Date) => new Date(now.getTime() + minutes * MINUTE);

export const DND_CHOICES: readonly UntilChoice[] = [
  { label: "For 30 minutes", until: after(30) },
  { label: "For 1 hour", until: after(60) },
  { label: "Until tomorrow 09:00", until: (now) => tomorrowAt(now, 9) },
];

/** A channel's mutes with an end; "until I unmute" is the mute without one. */
export const MUTE_CHOICES: readonly UntilChoice[] = [
  { label: "Mute for 1 hour", until: after(60) },
  { label: "Mute for 8 hours", until: after(8 * 60) },
  { label: "Mute until tomorrow", until: (now) => tomorrowAt(now, 9) },
];

function sameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** "14:00" today, "tomorrow 09:00", else "Mon 3 Feb, 14:00". */
export function untilText(iso: string, now: Date = new Date(), locale?: string): string {
  const end = new Date(iso);
  if (Number.isNaN(end.getTime())) return "";
  const time = clockTime(iso, locale);
  if (sameDay(end, now)) return time;
  if (sameDay(end, tomorrowAt(now, 0))) return `tomorrow ${time}`;
  const day = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short" }).format(
    end,
  );
  return `${day}, ${time}`;
}

/** The value of an `<input type="datetime-local">` for `d` (local time, to the minute). */
export function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The Date an `<input type="datetime-local">` holds (local time), or null when it holds none. */
export function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
