import { useChatClient } from "../chat/client-context";
import { SearchView } from "./search-view";

/** /search?q=… (inside the chat shell): the search view. */
export function Component() {
  return <SearchView client={useChatClient()} />;
}
