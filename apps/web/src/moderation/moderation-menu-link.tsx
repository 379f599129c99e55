import { Link } from "react-router";
import { useChatClient } from "../chat/client-context";
import { canReviewFlags } from "./roles";
import { useModerationUser } from "./use-moderation-user";

/** "Moderation" in the user menu, for moderators and admins only. */
export function ModerationMenuLink({ className }: { className: string }) {
  const me = useModerationUser(useChatClient());
  if (!canReviewFlags(me)) return null;
  return (
    <Link to="/moderation" role="menuitem" className={className}>
      Moderation
    </Link>
  );
}
