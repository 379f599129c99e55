import type { ChatClient, ClientStateSnapshot } from "@parley/client";
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import { releaseFiles } from "./use-file-url";

const ChatClientContext = createContext<ChatClient | null>(null);

/** Gives the signed-in area the connected ChatClient (see useChatClient). */
export function ChatClientProvider({ client, children }: { client: ChatClient; children: ReactNode }) {
  // Leaving the signed-in area (sign-out) frees the files shown from blob: URLs.
  useEffect(() => () => releaseFiles(client), [client]);
  return <ChatClientContext.Provider value={client}>{children}</ChatClientContext.Provider>;
}

/** The connected ChatClient; only inside the signed-in routes. */
export function useChatClient(): ChatClient {
  const client = useContext(ChatClientContext);
  if (!client) throw new Error("useChatClient is only available inside the signed-in routes.");
  return client;
}

/** The connected ChatClient, or null outside the signed-in routes (for components used on both sides). */
export function useOptionalChatClient(): ChatClient | null {
  return useContext(ChatClientContext);
}

/** The client-level state (user, connection, channel list, total unread), re-rendered on change. */
export function useClientState(): ClientStateSnapshot {
  const client = useChatClient();
  return useSyncExternalStore(client.subscribe, client.getSnapshot);
}
