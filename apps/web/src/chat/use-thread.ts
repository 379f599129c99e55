import type { Channel, Thread, ThreadStateSnapshot } from "@parley/client";
import { useEffect, useMemo } from "react";
import { usePageActive } from "./use-mark-read";
import { useThreadState } from "./use-snapshot";

/** The thread of `parentId`: loaded on open, marked read while it is open and the window has focus. */
export function useThread(
  channel: Channel,
  parentId: string,
  unread: number,
): { thread: Thread; state: ThreadStateSnapshot } {
  const thread = useMemo(() => channel.thread(parentId), [channel, parentId]);
  const state = useThreadState(thread);
  const active = usePageActive();
  useEffect(() => {
    thread.load().catch(() => {});
  }, [thread]);
  const replies = state.replies.length;
  useEffect(() => {
    void replies;
    if (!active) return;
    if (unread === 0 && replies === 0) return;
    const timer = setTimeout(() => thread.markRead().catch(() => {}), 200);
    return () => clearTimeout(timer);
  }, [thread, active, unread, replies]);
  return { thread, state };
}
