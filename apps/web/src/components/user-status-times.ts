/** The end times a status or a pause of notifications is offered with, from `now`, in local time. */

export type StatusExpiry = "never" | "30m" | "1h" | "4h" | "today" | "custom";

export const STATUS_EXPIRY_LABELS: Record<StatusExpiry, string> = {
  never: "Don't clear",
  "30m": "30 minutes",
  "1h": "1 hour",
  "4h": "4 hours",
  today: "Today",
  custom: "Choose a time",
};

const MINUTE = 60_000;

/** The end of `now`'s day (local), a minute before midnight. */
export function endOfToday(now: Date): Date {
  const end = new Date(now);
  end.setHours(23, 59, 0, 0);
  return end;
}

/**
 * When a status chosen with `expiry` clears; null for never; `custom` is a `datetime-local`
 * value (local time), undefined when it is empty or not a time.
 */
export function statusExpiresAt(expiry: StatusExpiry, now: Date, custom = ""): Date | null | undefined {
  switch (expiry) {
    case "never":
      return null;
    case "30m":
      return new Date(now.getTime() + 30 * MINUTE);
    case "1h":
      return new Date(now.getTime() + 60 * MINUTE);
    case "4h":
      return new Date(now.getTime() + 240 * MINUTE);
    case "today":
      return endOfToday(now);
    case "custom": {
      const at = custom ? new Date(custom) : undefined;
      return at && !Number.isNaN(at.getTime()) ? at : undefined;
    }
  }
}

/** `datetime-local` value of `d` (local time, minutes). */
export function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface PauseChoice {
  label: string;
  until: (now: Date) => Date;
}

/** The user menu's "Pause notifications" end times. */
export const PAUSE_CHOICES: readonly PauseChoice[] = [
  { label: "For 30 minutes", until: (now) => new Date(now.getTime() + 30 * MINUTE) },
  { label: "For 1 hour", until: (now) => new Date(now.getTime() + 60 * MINUTE) },
  { label: "For 4 hours", until: (now) => new Date(now.getTime() + 240 * MINUTE) },
  {
    label: "Until tomorrow morning",
    until: (now) => {
      const at = new Date(now);
      at.setDate(at.getDate() + 1);
      at.setHours(9, 0, 0, 0);
      return at;
    },
  },
];

/** Common statuses offered with their emoji and when they clear. */
export const STATUS_PRESETS: readonly { emoji: string; text: string; expiry: StatusExpiry }[] = [
  { emoji: "📅", text: "In a meeting", expiry: "1h" },
  { emoji: "🚌", text: "Commuting", expiry: "30m" },
  { emoji: "🤒", text: "Out sick", expiry: "today" },
  { emoji: "🌴", text: "On holiday", expiry: "never" },
  { emoji: "🏠", text: "Working remotely", expiry: "today" },
];
