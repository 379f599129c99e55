import { type Channel, hasSidebarUnread } from "@parley/client";
import { useMatch } from "react-router";
import { useChannelListStatus } from "../../chat/channel-list-query";
import { parseChannelParam } from "../../chat/channel-route";
import { useChatClient, useClientState } from "../../chat/client-context";
import { useNow } from "../../chat/use-now";
import { useSidebarSections } from "../../chat/use-sidebar-sections";
import { EmptyChannelList } from "./empty-channel-list";
import { SidebarSection } from "./sidebar-section";
import { useSidebarKeys } from "./use-sidebar-keys";
import type { SidebarPrefs } from "./use-sidebar-prefs";

const SKELETON_ROWS = 6;

interface ChannelListProps {
  prefs: SidebarPrefs;
  onToggleSection: (id: "favourites" | "channels" | "direct") => void;
  onNewChannel: () => void;
  onNewMessage: () => void;
  onBrowse: () => void;
}

/**
 * The user's chats in sections (favourites, channels, direct messages), newest activity first
 * or unread first, live; skeletons while loading, an error with retry, an empty state.
 */
export function ChannelList({
  prefs,
  onToggleSection,
  onNewChannel,
  onNewMessage,
  onBrowse,
}: ChannelListProps) {
  const client = useChatClient();
  const { channelList } = useClientState();
  const { status, retry } = useChannelListStatus(client);
  const now = useNow();
  const sections = useSidebarSections(prefs.unreadFirst);
  const match = useMatch("/c/:channelID");
  const activeCid = parseChannelParam(match?.params.channelID)?.cid ?? null;
  const unread = (c: Channel) => hasSidebarUnread(c.state, now);
  const shown = sections
    .filter((s) => s.channels.length > 0)
    .map((s) => {
      const collapsed = prefs.collapsed[s.id] === true;
      const rows = collapsed ? s.channels.filter((c) => unread(c) || c.cid === activeCid) : s.channels;
      return { ...s, collapsed, rows, unreadChannels: s.channels.filter(unread).length };
    });
  useSidebarKeys(
    shown.flatMap((s) => s.rows.map((c) => ({ cid: c.cid, unread: unread(c) }))),
    activeCid,
  );

  if (channelList.length === 0 && (status.state === "loading" || status.state === "idle")) {
    return (
      <ul className="channel-list" aria-label="Loading chats" aria-busy="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className="channel-row channel-row--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--avatar" />
            <span className="channel-row__main">
              <span className="skeleton skeleton--line" style={{ width: `${50 + ((i * 17) % 40)}%` }} />
              <span className="skeleton skeleton--line skeleton--short" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (channelList.length === 0 && status.state === "error") {
    return (
      <div className="list-message" role="alert">
        <p>Your chats could not be loaded. {status.error.message}</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (channelList.length === 0) {
    return <EmptyChannelList onNewChannel={onNewChannel} onNewMessage={onNewMessage} onBrowse={onBrowse} />;
  }
  return (
    <nav aria-label="Chats" className="channel-list-nav">
      {shown.map((s) => (
        <SidebarSection
          key={s.id}
          id={s.id}
          shown={s.rows}
          collapsed={s.collapsed}
          unreadChannels={s.unreadChannels}
          activeCid={activeCid}
          now={now}
          onToggle={() => onToggleSection(s.id)}
        />
      ))}
    </nav>
  );
}
