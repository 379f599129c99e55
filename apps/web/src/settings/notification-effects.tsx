import { useFocusReport } from "../chat/use-focus-report";
import { usePushResubscribe } from "./use-push-resubscribe";

/** What the signed-in screens do for notifications: report the tab's focus, renew push. Renders nothing. */
export function NotificationEffects() {
  useFocusReport();
  usePushResubscribe();
  return null;
}
