import { useEffect } from "react";
import { Outlet, useMatch } from "react-router";
import { preloadMarkdown } from "../components/message/message-text";
import { ChannelSidebar } from "../components/sidebar/channel-sidebar";
import "../styles/auth.css";
import "../styles/chat.css";

/**
 * The chat shell both /chats and /c/:channelID render: the channel list beside the pane. On a
 * phone (≤ 640 px) one of them shows at a time: the list on /chats, the channel on /c/….
 */
export function Component() {
  const inThreads = useMatch("/threads") !== null;
  const inSearch = useMatch("/search") !== null;
  const inChannel = useMatch("/c/:channelID") !== null || inThreads || inSearch;
  useEffect(preloadMarkdown, []);
  return (
    <div className="chat-shell" data-view={inChannel ? "channel" : "list"}>
      <ChannelSidebar />
      <main id="main" className="chat-shell__pane">
        <Outlet />
      </main>
    </div>
  );
}
