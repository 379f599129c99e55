/** What can be done with one message, as handlers for the message's buttons and menu. */
import { allows, type LocalMessage } from "@parley/client";
import { useMemo } from "react";
import { useChannelUi } from "./channel-ui";
import { useChatClient } from "./client-context";
import { attempt } from "./notices";
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
  /** Drops a message that was not sent. */
  discard: () => void;
}

export function useMessageActions(message: LocalMessage, inThread: boolean): MessageActions {
  const client = useChatClient();
  const ui = useChannelUi();
  const state = useChannelState(ui.channel);
  const channel = ui.channel;
  const userId = client.userID;
  const config = state.channel?.config;
  const received = message.status === "received";
  const live = message.type === "regular" && received;
  const edit = received && canEdit(message, state, userId);
  const remove = received && canDelete(message, state, userId);
  const pin = live && canPin(message, state, userId);
  const reply = live && !inThread && !message.parent_id && config?.replies !== false;
  const react = live && config?.reactions !== false && allows(state.capabilities, "CreateReaction", false);
  return useMemo(
    () => ({
      canEdit: edit,
      canDelete: remove,
      canPin: pin,
      canReply: reply,
      canReact: react,
      toggleReaction: (type) => attempt("react", () => channel.toggleReaction(message.id, type)),
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
        // a failure marks the message failed again, with its reason, where the user sees it
        channel.retrySend(message.id).catch(() => {});
      },
      discard: () => channel.discardMessage(message.id),
    }),
    [channel, message, edit, remove, pin, reply, react, ui],
  );
}
