import { Outlet, useRouteLoaderData } from "react-router";
import { ChatClientProvider } from "../chat/client-context";
import { Notices } from "../components/notices";
import { SessionEffects } from "../components/session-effects";
import { requireSession, type SessionLoaderData } from "../session/guard";
import { SESSION_ROUTE_ID } from "../session/use-session-user";

/**
 * The signed-in area (/chats, /c/:channelID, …). Its loader redirects visitors without a session
 * to /signin and connects the stored session with the SDK; the connected ChatClient is given to
 * every child through useChatClient().
 */
export const loader = requireSession;

export function Component() {
  const data = useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData;
  return (
    <ChatClientProvider client={data.client}>
      <SessionEffects />
      <Outlet />
      <Notices />
    </ChatClientProvider>
  );
}
