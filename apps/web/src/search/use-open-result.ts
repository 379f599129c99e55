import type { ChatClient, SearchItems, SearchSourceType } from "@parley/client";
import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { channelPath, messagePath } from "../chat/channel-route";
import { openDirectChannel } from "../chat/create-channel";

/** Where a message result leads: its channel at that message (a thread reply: its thread too). */
export function messageResultPath(result: MessageSearchResult): string {
  return messagePath(result.message);
}

export interface OpenResult {
  user: (user: UserResponse) => Promise<void>;
  channel: (channel: ChannelResponse) => void;
  message: (result: MessageSearchResult) => void;
  /** A result of any source. */
  item: (type: SearchSourceType, item: SearchItems[SearchSourceType]) => Promise<void>;
}

/** Choosing a result: a user opens (or creates) the DM, a channel opens, a message opens at itself. */
export function useOpenResult(client: ChatClient): OpenResult {
  const navigate = useNavigate();
  const user = useCallback(
    async (u: UserResponse) => {
      const channel = await openDirectChannel(client, [u.id]);
      navigate(channelPath(channel.cid));
    },
    [client, navigate],
  );
  const channel = useCallback((c: ChannelResponse) => navigate(channelPath(c.cid)), [navigate]);
  const message = useCallback((r: MessageSearchResult) => navigate(messageResultPath(r)), [navigate]);
  const item = useCallback(
    async (type: SearchSourceType, found: SearchItems[SearchSourceType]) => {
      if (type === "users") await user(found as UserResponse);
      else if (type === "channels") channel(found as ChannelResponse);
      else message(found as MessageSearchResult);
    },
    [user, channel, message],
  );
  return { user, channel, message, item };
}
