/**
 * The English sentence of a system message (docs/api.md "System messages"): the server stores it
 * as the message's `text`, the fallback for clients that do not render `system` themselves; the
 * web app renders it from the structured data with today's names.
 */
import type { SystemEvent } from "./models.js";

/** Names listed before the rest are counted ("Bo, Cy, Dee and 4 others"). */
const LISTED_NAMES = 3;

/** "Bo", "Bo and Cy", "Bo, Cy and Dee", "Bo, Cy, Dee and 2 others". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "someone";
  if (names.length > LISTED_NAMES + 1) {
    const rest = names.length - LISTED_NAMES;
    return `${names.slice(0, LISTED_NAMES).join(", ")} and ${rest} others`;
  }
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The sentence for `event` done by `actorName`; `nameOf` gives a target's name today (a member's
 * rename since), falling back to the name stored with the event.
 */
export function systemMessageText(
  event: SystemEvent,
  actorName: string,
  nameOf: (id: string) => string | undefined = () => undefined,
): string {
  const targets = listNames(event.targets.map((t) => nameOf(t.id) ?? t.name));
  const to = event.to ?? "";
  const from = event.from ?? "";
  switch (event.kind) {
    case "member_joined":
      return `${actorName} joined the channel`;
    case "member_left":
      return `${actorName} left the channel`;
    case "member_added":
      return `${actorName} added ${targets}`;
    case "member_removed":
      return `${actorName} removed ${targets}`;
    case "channel_renamed":
      if (!to) return `${actorName} removed the channel's name`;
      return from
        ? `${actorName} renamed the channel from "${from}" to "${to}"`
        : `${actorName} named the channel "${to}"`;
    case "channel_image_changed":
      return to ? `${actorName} changed the channel picture` : `${actorName} removed the channel picture`;
    case "channel_topic_changed":
      return to ? `${actorName} set the topic: ${to}` : `${actorName} cleared the topic`;
  }
}
