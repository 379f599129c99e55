import type { MessageResponse } from "@parley/protocol";
import type { MessageWithUser, Repos } from "../../store/store.js";
import { toMessageResponse } from "../channels/serialize.js";
import type { PresencePort } from "../events.js";
import { pollsForMessages, withPoll } from "../polls/poll-messages.js";

/**
 * Renders stored messages with what lives beside them (reactions, thread participants) in
 * two batched reads per page. `viewerId` null renders for an event every recipient shares.
 */
export async function renderMessages(
  repos: Repos,
  presence: PresencePort,
  rows: readonly MessageWithUser[],
  viewerId: string | null,
): Promise<MessageResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.message.id);
  const threadIds = rows.filter((r) => Number(r.message.reply_count) > 0).map((r) => r.message.id);
  const [reactions, members, polls] = await Promise.all([
    repos.conversation.reactionsFor(ids),
    repos.conversation.threadMembersFor(threadIds),
    pollsForMessages(
      repos,
      presence,
      rows.map((r) => r.message),
      viewerId,
    ),
  ]);
  return rows.map(({ message, user }) =>
    withPoll(
      toMessageResponse(message, user, presence, {
        viewerId,
        reactions: reactions.filter((r) => r.message_id === message.id),
        participants: members.filter((t) => t.parent_id === message.id).map((t) => t.user_id),
      }),
      polls,
    ),
  );
}

export async function renderMessage(
  repos: Repos,
  presence: PresencePort,
  row: MessageWithUser,
  viewerId: string | null,
): Promise<MessageResponse> {
  return (await renderMessages(repos, presence, [row], viewerId))[0]!;
}
