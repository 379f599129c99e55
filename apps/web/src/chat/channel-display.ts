/** How a channel is named and pictured in lists and headers. */
import type { ChannelStateSnapshot } from "@parley/client";
import { type MemberResponse, type MessageResponse, plainText, type UserResponse } from "@parley/protocol";
import { splitMentions } from "./mentions";

export interface ChannelDisplay {
  name: string;
  image: string;
  /** The key that keeps the initials colour stable. */
  colourKey: string;
  /** A direct conversation (members named, no channel name). */
  direct: boolean;
}

function otherMembers(
  members: Readonly<Record<string, MemberResponse>>,
  userId: string | undefined,
): UserResponse[] {
  return Object.values(members)
    .filter((m) => m.user_id !== userId)
    .map((m) => m.user)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A list of names: "Ana", "Ana and Bo", "Ana, Bo and Cy", "Ana, Bo and 3 others". `total` counts
 * the people named and those not known by name (a channel list holds only a channel's first members).
 */
export function joinNames(names: readonly string[], max = 3, total = names.length): string {
  if (names.length === 0) return "";
  if (total <= 1) return names[0] ?? "";
  if (total <= max && names.length === total) return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const shown = names.slice(0, max - 1);
  const rest = total - shown.length;
  return `${shown.join(", ")} and ${rest} ${rest === 1 ? "other" : "others"}`;
}

/** Name and picture: the channel's own, or for a direct message (or an unnamed one) the other people's. */
export function channelDisplay(
  state: ChannelStateSnapshot,
  userId: string | undefined,
  fallbackId = "",
): ChannelDisplay {
  const channel = state.channel;
  const others = otherMembers(state.members, userId);
  const direct = Boolean(channel?.is_direct);
  const cid = channel?.cid ?? fallbackId;
  if (channel?.name && !direct) return { name: channel.name, image: channel.image, colourKey: cid, direct };
  if (others.length > 0) {
    const memberCount = channel?.member_count ?? 0;
    const total = Math.max(others.length, state.membership ? memberCount - 1 : memberCount);
    const single = total === 1 ? others[0] : undefined;
    return {
      name: joinNames(
        others.map((u) => u.name),
        3,
        total,
      ),
      image: channel?.image || single?.image || "",
      colourKey: single?.id ?? cid,
      direct,
    };
  }
  if (channel?.name) return { name: channel.name, image: channel.image, colourKey: cid, direct };
  if (Object.keys(state.members).length === 1) return { name: "Just you", image: "", colourKey: cid, direct };
  return { name: channel?.id ?? fallbackId, image: channel?.image ?? "", colourKey: cid, direct };
}

/** The newest message shown as the list's preview (deleted ones count, replies kept out). */
export function lastMessage(state: ChannelStateSnapshot): MessageResponse | undefined {
  for (let i = state.messages.length - 1; i >= 0; i -= 1) {
    const m = state.messages[i];
    if (m && m.type !== "system") return m;
  }
  return undefined;
}

/** The preview line: "You: hi", "Ana: hi", "Ana sent a file", "Message deleted". */
export function previewText(
  message: MessageResponse | undefined,
  userId: string | undefined,
  direct: boolean,
  nameOf: (id: string) => string | undefined = () => undefined,
): string {
  if (!message) return "No messages yet";
  if (message.type === "deleted") return "Message deleted";
  const author = message.user.id === userId ? "You" : message.user.name;
  const text = splitMentions(plainText(message.text), message.mentioned_users ?? [])
    .map((part) => (part.kind === "mention" ? `@${nameOf(part.userId) ?? part.userId}` : part.text))
    .join("");
  const body =
    text ||
    (message.attachments.length > 0
      ? `sent ${message.attachments.length === 1 ? "a file" : `${message.attachments.length} files`}`
      : message.poll_id
        ? "sent a poll"
        : "");
  const withColon = text ? `: ${body}` : ` ${body}`;
  if (direct && message.user.id !== userId && text) return body;
  return `${author}${withColon}`;
}

/** Members online out of the member count. */
export function onlineCount(state: ChannelStateSnapshot): number {
  return Object.values(state.members).filter((m) => m.user.online).length;
}
