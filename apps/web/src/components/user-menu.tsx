import { useCallback, useEffect, useId, useRef, useState } from "react";
import { AdminMenuLink } from "../admin/admin-menu-link";
import { notificationsSupported, requestNotificationPermission } from "../chat/use-notifications";
import { ModerationMenuLink } from "../moderation/moderation-menu-link";
import type { SessionUser } from "../session/connect";
import { useSignOut } from "../session/use-sign-out";
import { AccountMenuLink, NotificationsMenuLink } from "../settings/notifications-menu-link";
import { Avatar } from "./avatar";
import { useDismiss } from "./use-dismiss";
import { UserMenuStatus } from "./user-menu-status";
import { UserStatusDialog } from "./user-status-dialog";

interface UserMenuProps {
  user: SessionUser;
  onEditProfile: () => void;
}

/** The signed-in user's avatar and name, opening a menu: status, pause, profile, notifications, sign out. */
export function UserMenu({ user, onEditProfile }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [statusOpen, setStatusOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const signOut = useSignOut();
  useDismiss(open, close, container, trigger);
  useEffect(() => {
    if (open) container.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  // Asked only while the menu is open: reading the permission is a synchronous call into the
  // browser, and the menu re-renders on every channel switch.
  const askNotifications = open && notificationsSupported() && Notification.permission === "default";

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const next = event.key === "ArrowDown" ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next]?.focus();
  };
  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <div className="user-menu" ref={container}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={user.name} image={user.image} colourKey={user.id} size="sm" />
        <span className="user-menu__name" data-testid="current-user-name">
          {user.name}
        </span>
        <span className="visually-hidden">, account menu</span>
        <svg className="user-menu__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          className="user-menu__popup"
          role="menu"
          aria-label="Account"
          onKeyDown={onKeyDown}
          tabIndex={-1}
        >
          <UserMenuStatus choose={choose} onSetStatus={() => setStatusOpen(true)} />
          <button type="button" role="menuitem" className="user-menu__item" onClick={choose(onEditProfile)}>
            Edit profile
          </button>
          {askNotifications && (
            <button
              type="button"
              role="menuitem"
              className="user-menu__item"
              onClick={choose(requestNotificationPermission)}
            >
              Turn on notifications
            </button>
          )}
          <NotificationsMenuLink className="user-menu__item" />
          <AccountMenuLink className="user-menu__item" />
          <ModerationMenuLink className="user-menu__item" />
          <AdminMenuLink className="user-menu__item" />
          <button type="button" role="menuitem" className="user-menu__item" onClick={signOut}>
            Sign out
          </button>
        </div>
      )}
      {statusOpen && <UserStatusDialog onClose={() => setStatusOpen(false)} />}
    </div>
  );
}
