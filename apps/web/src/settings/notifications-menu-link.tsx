import { Link } from "react-router";

/** "Notification settings" in the user menu. */
export function NotificationsMenuLink({ className }: { className: string }) {
  return (
    <Link to="/settings/notifications" role="menuitem" className={className}>
      Notification settings
    </Link>
  );
}
