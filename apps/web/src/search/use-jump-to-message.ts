/**
 * Opening a channel at a message (`/c/{cid}?message={id}`, from a search result): load history
 * back to the message, scroll it into view. A few older pages are loaded first, so a recent
 * message joins the list; one further back is fetched with its neighbours (`loadAround`), and the
 * list shows a gap after them that fills with newer pages as the user scrolls down.
 */
import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { VirtuosoHandle } from "react-virtuoso";
import "./jump.css";

const MAX_PAGES = 3;
const AROUND_LIMIT = 50;
const SCROLL_ATTEMPTS = 20;

export type JumpStatus = "idle" | "loading" | "shown" | "missing";

interface Row {
  kind: string;
  message?: { id: string };
}

export function rowIndexOf(rows: readonly Row[], messageId: string): number {
  return rows.findIndex((r) => r.kind === "message" && r.message?.id === messageId);
}

/** Loads older pages until `messageId` is held (or there is nothing older, or MAX_PAGES were read). */
export async function loadBackTo(
  channel: Channel,
  messageId: string,
  maxPages = MAX_PAGES,
): Promise<boolean> {
  const held = () => channel.state.messages.some((m) => m.id === messageId);
  for (let page = 0; !held() && channel.state.hasMoreOlder && page < maxPages; page += 1) {
    if ((await channel.loadOlder()) === 0) break;
  }
  if (held()) return true;
  await channel.loadAround(messageId, AROUND_LIMIT);
  return held();
}

/**
 * Scrolls the list to `messageId` once it is held, and keeps it in view while the list settles.
 * `stop` ends that at once: the user scrolling must not be pulled back to the message.
 */
export function useJumpToMessage(
  channel: Channel,
  state: ChannelStateSnapshot,
  rows: readonly Row[],
  virtuoso: RefObject<VirtuosoHandle | null>,
  messageId: string | null,
): { status: JumpStatus; stop: () => void } {
  const [status, setStatus] = useState<JumpStatus>("idle");
  const scrolledTo = useRef<string | null>(null);
  const held = messageId !== null && state.messages.some((m) => m.id === messageId);

  useEffect(() => {
    if (!messageId) {
      scrolledTo.current = null;
      setStatus("idle");
      return;
    }
    if (channel.state.messages.some((m) => m.id === messageId)) return;
    let cancelled = false;
    setStatus("loading");
    loadBackTo(channel, messageId)
      .then((found) => {
        if (!cancelled && !found) setStatus("missing");
      })
      .catch(() => {
        if (!cancelled) setStatus("missing");
      });
    return () => {
      cancelled = true;
    };
  }, [channel, messageId]);

  const index = messageId && held ? rowIndexOf(rows, messageId) : -1;
  const latest = useRef(index);
  latest.current = index;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => stop, [stop]);
  useEffect(() => {
    if (!messageId || index < 0 || scrolledTo.current === messageId) return;
    scrolledTo.current = messageId;
    setStatus("shown");
    // The list may still be settling (a prepended page, measured sizes): scroll by index until the
    // message is rendered, then centre it, and check once more after the list settled.
    const selector = `[data-message-id="${CSS.escape(messageId)}"]`;
    const attempt = (n: number, centred: number) => {
      const element = document.querySelector<HTMLElement>(selector);
      if (element) {
        element.scrollIntoView({ block: "center", behavior: "auto" });
        if (centred < 2) timer.current = setTimeout(() => attempt(n + 1, centred + 1), 200);
        return;
      }
      virtuoso.current?.scrollToIndex({ index: latest.current, align: "center", behavior: "auto" });
      if (n < SCROLL_ATTEMPTS) timer.current = setTimeout(() => attempt(n + 1, centred), 100);
    };
    clearTimeout(timer.current);
    attempt(0, 0);
  }, [messageId, index, virtuoso]);

  return { status, stop };
}
