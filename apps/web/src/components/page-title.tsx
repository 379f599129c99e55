import { useClientState } from "../chat/client-context";
import { tabTitle } from "../chat/tab-title";

/** The document title with the total unread count in front ("(3) Chats · Parley"). */
export function PageTitle({ base }: { base: string }) {
  const { totalUnreadCount } = useClientState();
  return <title>{tabTitle(base, totalUnreadCount)}</title>;
}
