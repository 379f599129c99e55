import { Link } from "react-router";

/** "Notification settings" in the user menu. */
export function NotificationsMenuLink({ className }: { className: string }) {
  return (
    <Link to="/settings/notifications" role="menuitem" className={className}>
      Notification settings
    </Link>
  );
}

/** "Account and security" in the user menu: password, two-factor sign-in, sessions. */
export function AccountMenuLink({ className }: { className: string }) {
  return (
    <Link to="/settings/account" role="menuitem" className={className}>
      Account and security
    </Link>
  );
}
