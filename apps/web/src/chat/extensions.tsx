/**
 * The one place the chat screens plug in what other parts of the app provide (search, polls,
 * moderation). Each is loaded lazily, so a screen that does not use it never downloads it.
 *
 * Integration points (see the agreed props):
 * - search/search-box.tsx       SearchBox()                        → top of the channel list (opens /search)
 * - polls/poll-card.tsx         PollCard({ client, message })      → inside a message with poll_id
 * - polls/create-poll-button.tsx CreatePollButton({ client, channel }) → composer toolbar
 * - moderation/message-moderation-menu.tsx MessageModerationMenu({ client, message }) → "more" menu
 *
 */
import type { Channel } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { lazy, Suspense } from "react";
import { useOpenSearch, useSearchShortcut } from "../search/use-search-shortcut";
import { useChatClient } from "./client-context";

const PollCard = lazy(() => import("../polls/poll-card").then((m) => ({ default: m.PollCard })));
const CreatePollButton = lazy(() =>
  import("../polls/create-poll-button").then((m) => ({ default: m.CreatePollButton })),
);

const SearchBox = lazy(() => import("../search/search-box").then((m) => ({ default: m.SearchBox })));
const MessageModerationMenu = lazy(() =>
  import("../moderation/message-moderation-menu").then((m) => ({ default: m.MessageModerationMenu })),
);

/**
 * The search box at the top of the channel list: it opens the search view (/search). Ctrl/Cmd+K
 * is bound here, not in the lazy box, so it works from the first moment the chat shows.
 */
export function SearchSlot() {
  useSearchShortcut(useOpenSearch());
  return (
    <Suspense fallback={<div className="search-placeholder" aria-busy="true" />}>
      <SearchBox />
    </Suspense>
  );
}

/** The poll a message carries. */
export function MessagePoll({ message }: { message: MessageResponse }) {
  const client = useChatClient();
  if (!message.poll_id || message.type === "deleted") return null;
  return (
    <Suspense fallback={<div className="poll-placeholder" aria-busy="true" />}>
      <PollCard client={client} message={message} />
    </Suspense>
  );
}

/** The composer toolbar's extra buttons (create a poll). */
export function ComposerExtras({ channel }: { channel: Channel }) {
  const client = useChatClient();
  return (
    <Suspense fallback={null}>
      <CreatePollButton client={client} channel={channel} />
    </Suspense>
  );
}

/** The "more" menu's moderation items (flag; for moderators delete and ban; mute the author). */
export function MessageMenuExtras({ message }: { message: MessageResponse }) {
  const client = useChatClient();
  return (
    <Suspense fallback={null}>
      <MessageModerationMenu client={client} message={message} />
    </Suspense>
  );
}
