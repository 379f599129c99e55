/**
 * Scrolling to the "New" divider: near the top of the view with a little context above it (under
 * the unread bar). Opened there, the list keeps it in place while rows are measured, until the
 * user scrolls; Jump brings it back, loading history around the first unread message when the
 * list no longer holds it (the user went to the latest messages, which drops a window far back).
 */
import type { Channel } from "@parley/client";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { IndexLocationWithAlign, VirtuosoHandle } from "react-virtuoso";

/** The divider's distance from the top of the view: the bar's height and a line of context. */
const CONTEXT_PX = 76;
const SETTLE_STEPS = 10;
const STEP_MS = 100;

export interface UnreadScroll {
  /** Where the list opens (at the divider), or null to open at the newest message. */
  initial: IndexLocationWithAlign | null;
  jump: () => void;
  /** The user scrolled: stop keeping the divider in place. */
  stop: () => void;
}

export function useUnreadScroll(
  channel: Channel,
  virtuoso: RefObject<VirtuosoHandle | null>,
  scope: RefObject<HTMLElement | null>,
  rows: readonly { kind: string }[],
  opening: { firstUnreadId: string | null; atUnread: boolean },
): UnreadScroll {
  const index = rows.findIndex((r) => r.kind === "unread");
  const latest = useRef(index);
  latest.current = index;
  const [initial] = useState<IndexLocationWithAlign | null>(() =>
    opening.atUnread && index >= 0 ? { index, align: "start", offset: -CONTEXT_PX } : null,
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = useCallback(() => clearTimeout(timer.current), []);

  const place = useCallback(
    (steps: number) => {
      clearTimeout(timer.current);
      const step = (n: number) => {
        const at = latest.current;
        if (at < 0) return;
        const scroller = scope.current?.querySelector<HTMLElement>(".message-list__scroller");
        const divider = scroller?.querySelector<HTMLElement>('[data-testid="unread-divider"]');
        if (scroller && divider) {
          const delta =
            divider.getBoundingClientRect().top - scroller.getBoundingClientRect().top - CONTEXT_PX;
          if (Math.abs(delta) > 1) scroller.scrollTop += delta;
        } else {
          virtuoso.current?.scrollToIndex({
            index: at,
            align: "start",
            offset: -CONTEXT_PX,
            behavior: "auto",
          });
        }
        if (n < steps) timer.current = setTimeout(() => step(n + 1), STEP_MS);
      };
      step(0);
    },
    [scope, virtuoso],
  );

  useEffect(() => {
    if (initial) place(SETTLE_STEPS);
    return stop;
  }, [initial, place, stop]);

  // Jump while the divider's message is not held: load around it, then place it once it is.
  const pending = useRef(false);
  useEffect(() => {
    if (pending.current && index >= 0) {
      pending.current = false;
      place(SETTLE_STEPS / 2);
    }
  }, [index, place]);
  const firstUnreadId = opening.firstUnreadId;
  const jump = useCallback(() => {
    if (latest.current >= 0) {
      place(SETTLE_STEPS / 2);
      return;
    }
    if (!firstUnreadId) return;
    pending.current = true;
    channel.loadAround(firstUnreadId).catch(() => {
      pending.current = false;
    });
  }, [channel, firstUnreadId, place]);

  return { initial, jump, stop };
}
