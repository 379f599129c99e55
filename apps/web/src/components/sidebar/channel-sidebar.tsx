import { useState } from "react";
import { Link } from "react-router";
import { useClientState } from "../../chat/client-context";
import { SearchSlot } from "../../chat/extensions";
import "../../styles/app-shell.css";
import { BrandMark } from "../brand-mark";
import { Icon } from "../ui/icons";
import "../../styles/notification-settings.css";
import "../../styles/sidebar.css";
import { ThreadsLink } from "../../threads/threads-link";
import { UserMenu } from "../user-menu";
import { BrowseChannelsDialog } from "./browse-channels-dialog";
import { ChannelList } from "./channel-list";
import { NewChannelDialog } from "./new-channel-dialog";
import { NewDmDialog } from "./new-dm-dialog";
import { ProfileDialog } from "./profile-dialog";
import { SidebarIcon } from "./sidebar-icons";
import { SidebarTop } from "./sidebar-top";
import { useSidebarPrefs } from "./use-sidebar-prefs";

type Open = "channel" | "dm" | "browse" | "profile" | null;

/**
 * The left column: notification settings, the user's menu, search, new chat buttons, links at
 * the top (SidebarTop) and the channel list in sections. Mounted once in the chat shell.
 */
export function ChannelSidebar() {
  const { user, userID } = useClientState();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const me = { id: userID ?? "", name: user?.name || userID || "", image: user?.image ?? "" };
  const { prefs, toggleSection, toggleUnreadFirst } = useSidebarPrefs(userID ?? "");
  return (
    <aside className="sidebar" aria-label="Conversations">
      <div className="sidebar__header">
        <BrandMark />
        <div className="sidebar__header-actions">
          <Link
            to="/settings/notifications"
            className="icon-button"
            aria-label="Notification settings"
            title="Notification settings"
          >
            <Icon name="bell" />
          </Link>
          <UserMenu user={me} onEditProfile={() => setOpen("profile")} />
        </div>
      </div>
      <div className="sidebar__search">
        <SearchSlot />
      </div>
      <div className="sidebar__title-row">
        <h2 className="sidebar__title">Chats</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Unread first"
          title={prefs.unreadFirst ? "Unread first (on)" : "Unread first (off)"}
          aria-pressed={prefs.unreadFirst}
          data-testid="unread-first"
          onClick={toggleUnreadFirst}
        >
          <SidebarIcon name="sort" size={20} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="New message"
          title="New message"
          onClick={() => setOpen("dm")}
        >
          <Icon name="edit" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Browse channels"
          title="Browse channels"
          onClick={() => setOpen("browse")}
        >
          <Icon name="users" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="New channel"
          title="New channel"
          onClick={() => setOpen("channel")}
        >
          <Icon name="plus" />
        </button>
      </div>
      <SidebarTop>
        <ThreadsLink />
      </SidebarTop>
      <ChannelList
        prefs={prefs}
        onToggleSection={toggleSection}
        onNewChannel={() => setOpen("channel")}
        onNewMessage={() => setOpen("dm")}
        onBrowse={() => setOpen("browse")}
      />
      {open === "channel" && <NewChannelDialog onClose={close} />}
      {open === "dm" && <NewDmDialog onClose={close} />}
      {open === "browse" && <BrowseChannelsDialog onClose={close} />}
      {open === "profile" && <ProfileDialog onClose={close} />}
    </aside>
  );
}
