/** What can be done with one message, as handlers for the message's buttons and menu. */
import type { LocalMessage } from "@parley/client";
import { useMemo } from "react";
import { useChannelUi } from "./channel-ui";
import { useChatClient, useClientState } from "./client-context";
import { canDelete, canEdit, canPin } from "./permissions";
import { useChannelState } from "./use-snapshot";

export interface MessageActions {
  canEdit: boolean;
  canDelete: boolean;
  canPin: boolean;
  canReply: boolean;
  canReact: boolean;
  toggleReaction: (type: string) => void;
  edit: () => void;
  remove: () => Promise<void>;
  togglePin: () => Promise<void>;
  reply: () => void;
  retry: () => void;
}

export function useMessageActions(message: LocalMessage, inThread: boolean): MessageActions {
  const client = useChatClient();
  const { user } = useClientState();
  const ui = useChannelUi();
  const state = useChannelState(ui.channel);
  const channel = ui.channel;
  const userId = client.userID;
  const config = state.channel?.config;
  const received = message.status === "received";
  const live = message.type === "regular" && received;
  const pin = live && canPin(message, state, user);
  return useMemo(
    () => ({
      canEdit: canEdit(message, userId) && received,
      canDelete: canDelete(message, userId) && received,
      canPin: pin,
      canReply: live && !inThread && !message.parent_id && config?.replies !== false,
      canReact: live && config?.reactions !== false && state.membership !== null,
      toggleReaction: (type) => {
        channel.toggleReaction(message.id, type).catch(() => {});
      },
      edit: () => ui.setEditingId(message.id),
      remove: async () => {
        await channel.deleteMessage(message.id);
      },
      togglePin: async () => {
        if (message.pinned_at) await channel.unpinMessage(message.id);
        else await channel.pinMessage(message.id);
      },
      reply: () => ui.openThread(message.id),
      retry: () => {
        channel.retrySend(message.id).catch(() => {});
      },
    }),
    [channel, message, userId, received, live, pin, inThread, config, state.membership, ui],
  );
}
