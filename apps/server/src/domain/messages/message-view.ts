import type { MessageResponse } from "@parley/protocol";
import { groupBy } from "../../lib/group-by.js";
import type { MessageWithUser, Repos } from "../../store/store.js";
import { toMessageResponse } from "../channels/serialize.js";
import { pollsForMessages, withPoll } from "../polls/poll-messages.js";

/**
 * Rows rendered together at most: a list of 100 channels of 300 messages is rendered in 30
 * batches, each statement far under SQLite's 32,766 bound values.
 */
const RENDER_BATCH = 1000;

/**
 * Renders stored messages with what lives beside them (reactions, thread participants, polls) in
 * batched reads for the whole list. `viewerId` null renders for an event every recipient shares.
 */
export async function renderMessages(
  repos: Repos,
  rows: readonly MessageWithUser[],
  viewerId: string | null,
): Promise<MessageResponse[]> {
  if (rows.length === 0) return [];
  if (rows.length > RENDER_BATCH) {
    const batches: MessageWithUser[][] = [];
    for (let i = 0; i < rows.length; i += RENDER_BATCH) batches.push(rows.slice(i, i + RENDER_BATCH));
    return (await Promise.all(batches.map((b) => renderMessages(repos, b, viewerId)))).flat();
  }
  const ids = rows.map((r) => r.message.id);
  const threadIds = rows.filter((r) => r.message.reply_count > 0).map((r) => r.message.id);
  const [reactions, members, polls] = await Promise.all([
    repos.conversation.reactionsFor(ids),
    repos.conversation.threadMembersFor(threadIds),
    pollsForMessages(
      repos,
      rows.map((r) => r.message),
      viewerId,
    ),
  ]);
  const reactionsOf = groupBy(reactions, (r) => r.message_id);
  const participantsOf = groupBy(members, (t) => t.parent_id);
  return rows.map(({ message, user }) =>
    withPoll(
      toMessageResponse(message, user, {
        viewerId,
        reactions: reactionsOf.get(message.id) ?? [],
        participants: (participantsOf.get(message.id) ?? []).map((t) => t.user_id),
      }),
      polls,
    ),
  );
}

/** Several pages (a channel list's), rendered in one batch: one page of responses for each. */
export async function renderPages(
  repos: Repos,
  pages: readonly (readonly MessageWithUser[])[],
  viewerId: string | null,
): Promise<MessageResponse[][]> {
  const all = await renderMessages(repos, pages.flat(), viewerId);
  let at = 0;
  return pages.map((page) => {
    const start = at;
    at += page.length;
    return all.slice(start, at);
  });
}

/**
 * A new message, for its event, rendered before it is stored (it is stored with its event):
 * nothing can refer to it yet (no reactions, no thread replies), so only its poll, if it posts
 * one, is read, with the message as its home.
 */
export async function renderNewMessage(
  repos: Repos,
  { message, user }: MessageWithUser,
): Promise<MessageResponse> {
  const polls = await pollsForMessages(repos, [message], null, true);
  return withPoll(
    toMessageResponse(message, user, { viewerId: null, reactions: [], participants: [] }),
    polls,
  );
}

export async function renderMessage(
  repos: Repos,
  row: MessageWithUser,
  viewerId: string | null,
): Promise<MessageResponse> {
  return (await renderMessages(repos, [row], viewerId))[0]!;
}
