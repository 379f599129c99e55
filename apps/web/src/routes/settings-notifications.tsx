import { useChatClient, useClientState } from "../chat/client-context";
import { NotificationSettingsScreen } from "../settings/notification-settings-screen";

/** /settings/notifications: what notifies the signed-in user, where and when. */
export function Component() {
  const client = useChatClient();
  const { userID } = useClientState();
  return <NotificationSettingsScreen client={client} userId={userID ?? ""} />;
}
