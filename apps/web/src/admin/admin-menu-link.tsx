import { Link } from "react-router";
import { useChatClient } from "../chat/client-context";
import { useModerationUser } from "../moderation/use-moderation-user";
import { isAdmin } from "./is-admin";

/** "Admin console" in the user menu, for admins only. */
export function AdminMenuLink({ className }: { className: string }) {
  const me = useModerationUser(useChatClient());
  if (!isAdmin(me)) return null;
  return (
    <Link to="/admin" role="menuitem" className={className}>
      Admin console
    </Link>
  );
}
