import type { Channel, SidebarSectionId } from "@parley/client";
import { useId } from "react";
import { badgeText } from "../../chat/tab-title";
import { ChannelRow } from "./channel-row";
import { SidebarIcon } from "./sidebar-icons";

export const SECTION_TITLES: Record<SidebarSectionId, string> = {
  favourites: "Favourites",
  channels: "Channels",
  direct: "Direct messages",
};

interface SectionProps {
  id: SidebarSectionId;
  /** The rows shown: all, or when collapsed only the unread ones and the open one. */
  shown: readonly Channel[];
  collapsed: boolean;
  /** Unread channels in the section (its badge while collapsed). */
  unreadChannels: number;
  activeCid: string | null;
  now: Date;
  onToggle: () => void;
}

/** A titled, collapsible part of the channel list; a collapsed one still shows what is unread. */
export function SidebarSection({
  id,
  shown,
  collapsed,
  unreadChannels,
  activeCid,
  now,
  onToggle,
}: SectionProps) {
  const listId = useId();
  const title = SECTION_TITLES[id];
  return (
    <section className="sidebar-section" data-section={id} aria-label={title}>
      <h3 className="sidebar-section__heading">
        <button
          type="button"
          className="sidebar-section__toggle"
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={onToggle}
        >
          <SidebarIcon name="chevron" size={14} />
          <span className="sidebar-section__title">{title}</span>
          {collapsed && unreadChannels > 0 && (
            <span className="badge" data-testid="section-unread">
              {badgeText(unreadChannels)}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </button>
      </h3>
      <ul id={listId} className="channel-list" data-testid="channel-list">
        {shown.map((channel) => (
          <ChannelRow key={channel.cid} channel={channel} now={now} active={channel.cid === activeCid} />
        ))}
      </ul>
    </section>
  );
}
