/** The `@` autocomplete of a composer: which members match the word at the caret, and the keys. */
import type { ChannelStateSnapshot } from "@parley/client";
import type { UserResponse } from "@parley/protocol";
import { type KeyboardEvent, useMemo, useState } from "react";
import { insertMention, type MentionQuery, matchMembers, mentionAt } from "./mentions";

export interface MentionOption {
  id: string;
  name: string;
  image: string;
  /** The member as now known: presence and status for the list. */
  user?: UserResponse;
}

export interface MentionAutocomplete {
  query: MentionQuery | null;
  options: MentionOption[];
  active: number;
  setActive: (i: number) => void;
  /** Handles ↑ ↓ Enter Tab Esc while the list is open; true when it handled the key. */
  onKeyDown: (event: KeyboardEvent) => boolean;
  choose: (option: MentionOption) => void;
  dismiss: () => void;
}

export function useMentionAutocomplete(
  text: string,
  caret: number,
  state: ChannelStateSnapshot,
  userId: string | undefined,
  apply: (text: string, caret: number) => void,
): MentionAutocomplete {
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const query = mentionAt(text, caret);
  const members = useMemo(
    () =>
      Object.values(state.members)
        .filter((m) => m.user_id !== userId)
        .map((m) => ({ id: m.user_id, name: m.user.name, image: m.user.image, user: m.user })),
    [state.members, userId],
  );
  const open = query !== null && dismissedAt !== query.start;
  const options = open ? matchMembers(members, query.query) : [];
  const current = Math.min(active, Math.max(0, options.length - 1));
  const choose = (option: MentionOption) => {
    if (!query) return;
    const next = insertMention(text, query, option.id);
    setActive(0);
    apply(next.text, next.caret);
  };
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (options.length === 0 || !query) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + options.length) % options.length);
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const option = options[current];
      if (!option) return false;
      event.preventDefault();
      choose(option);
      return true;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      setDismissedAt(query.start);
      return true;
    }
    return false;
  };
  return {
    query: open ? query : null,
    options,
    active: current,
    setActive,
    onKeyDown,
    choose,
    dismiss: () => query && setDismissedAt(query.start),
  };
}
