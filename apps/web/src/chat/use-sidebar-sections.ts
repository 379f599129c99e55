/**
 * The sidebar's sections (SDK `sidebarSections`), re-computed when any listed channel moves
 * between sections or gains or loses unread messages, not on every change of every channel.
 */
import { type Channel, hasSidebarUnread, type SidebarSection, sidebarSections } from "@parley/client";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useClientState } from "./client-context";
import { useNow } from "./use-now";

export function useSidebarSections(unreadFirst: boolean): SidebarSection<Channel>[] {
  const { channelList } = useClientState();
  const now = useNow();
  const subscribe = useCallback(
    (listener: () => void) => {
      const offs = channelList.map((c) => c.subscribe(listener));
      return () => {
        for (const off of offs) off();
      };
    },
    [channelList],
  );
  // A string: equal snapshots compare equal, so only a change that matters re-renders.
  const key = useSyncExternalStore(subscribe, () =>
    channelList
      .map((c) => {
        const s = c.state;
        return `${s.membership?.starred ? 1 : 0}${s.channel?.is_direct ? 1 : 0}${hasSidebarUnread(s, now) ? 1 : 0}`;
      })
      .join(""),
  );
  // `key` stands for the channels' states the sections depend on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the reason to re-compute
  return useMemo(
    () => sidebarSections(channelList, { unreadFirst, now }),
    [channelList, unreadFirst, now, key],
  );
}
