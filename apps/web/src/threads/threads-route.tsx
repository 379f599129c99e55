import { useChatClient } from "../chat/client-context";
import { ThreadsView } from "./threads-view";

/** /threads (inside the chat shell): the threads inbox. */
export function Component() {
  return <ThreadsView client={useChatClient()} />;
}
