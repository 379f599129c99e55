/** How the notification levels read in the settings and the channel menu. */
import type { ChannelNotifyLevel, NotifyLevel } from "@parley/protocol";

export const LEVEL_LABELS: Readonly<Record<NotifyLevel, string>> = {
  all: "All",
  mentions: "Mentions and DMs",
  none: "Nothing",
};

export const LEVEL_HINTS: Readonly<Record<NotifyLevel, string>> = {
  all: "Every new message, in every channel",
  mentions: "Direct messages, @mentions and replies in your threads",
  none: "No notifications, except where a channel says otherwise",
};

/** What each level means for one channel. */
export const CHANNEL_LEVEL_HINTS: Readonly<Record<ChannelNotifyLevel, string>> = {
  default: "As in your notification settings",
  all: "Every new message here",
  mentions: "Direct messages, @mentions and replies in your threads",
  none: "Nothing from here, not even mentions",
};

/** A channel's level as its menu says it: "Default (Mentions and DMs)", "All"… */
export function channelLevelLabel(level: ChannelNotifyLevel, defaultLevel: NotifyLevel): string {
  return level === "default" ? `Default (${LEVEL_LABELS[defaultLevel]})` : LEVEL_LABELS[level];
}

export const EMAIL_DELAYS: readonly { minutes: number; label: string }[] = [
  { minutes: 5, label: "5 minutes" },
  { minutes: 15, label: "15 minutes" },
  { minutes: 30, label: "30 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 240, label: "4 hours" },
];
