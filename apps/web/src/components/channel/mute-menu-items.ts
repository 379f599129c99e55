import type { Channel } from "@parley/client";
import { attempt } from "../../chat/notices";
import { MUTE_CHOICES, untilText } from "../../settings/times";
import type { MenuItem } from "../ui/menu";

/** "Muted until 14:00", "Muted" (until unmuted), or null when the channel is not muted now. */
export function mutedText(channel: Channel, now: Date = new Date()): string | null {
  if (!channel.muted) return null;
  const until = channel.mutedUntil;
  return until ? `Muted until ${untilText(until, now)}` : "Muted";
}

/** The channel menu's mute entries: an end to choose, or Unmute. */
export function muteMenuItems(channel: Channel): MenuItem[] {
  const muted = mutedText(channel);
  if (muted) {
    return [
      {
        label: `Unmute (${muted.toLowerCase()})`,
        onSelect: () => attempt("unmute the channel", () => channel.unmute()),
      },
    ];
  }
  return [
    ...MUTE_CHOICES.map((choice) => ({
      label: choice.label,
      onSelect: () => attempt("mute the channel", () => channel.mute({ until: choice.until(new Date()) })),
    })),
    { label: "Mute until I unmute", onSelect: () => attempt("mute the channel", () => channel.mute()) },
  ];
}
