import type { UnitOfWork } from "../../store/store.js";
import { appendEvent, type EventBody } from "../channels/channel-events.js";
import type { PollScope } from "./poll-context.js";

type PollEvent = Extract<EventBody, { message_id: string }>;
type WithoutMessageId<T> = T extends unknown ? Omit<T, "message_id"> : never;
export type PollEventBody = WithoutMessageId<PollEvent>;

/**
 * Appends a poll event to the channel the poll lives in, inside the caller's transaction; an
 * unposted poll has no channel and no watchers, so nothing is appended.
 */
export async function appendPollEvent(
  tx: UnitOfWork,
  scope: PollScope,
  now: string,
  body: PollEventBody,
): Promise<void> {
  if (!scope.home) return;
  const full = { ...body, message_id: scope.home.message.id } as PollEvent;
  await appendEvent(tx, scope.home.channel, now, full);
}
