/**
 * A composer's logic: the draft (kept per user, channel and thread across switches and reloads),
 * typing events, sending (optimistic, with mentions and files), and ↑ to edit the last message.
 */
import type { Channel, LocalMessage } from "@parley/client";
import { useCallback, useEffect, useMemo, useState } from "react";
import { clearDraft, draftKey, loadDraft, saveDraft } from "./draft-storage";
import { mentionedIds } from "./mentions";
import type { Uploads } from "./use-uploads";

export interface ComposerOptions {
  channel: Channel;
  userId: string | undefined;
  parentId?: string | undefined;
  /** Messages to search for the user's last one (↑ edits it). */
  messages: readonly LocalMessage[];
  memberIds: readonly string[];
  uploads: Uploads;
  onEdit: (id: string) => void;
}

export function useComposer({
  channel,
  userId,
  parentId,
  messages,
  memberIds,
  uploads,
  onEdit,
}: ComposerOptions) {
  const key = useMemo(() => draftKey(userId ?? "", channel.cid, parentId), [userId, channel.cid, parentId]);
  const [text, setTextState] = useState(() => loadDraft(key));
  const [alsoToChannel, setAlsoToChannel] = useState(false);
  useEffect(() => setTextState(loadDraft(key)), [key]);

  const setText = useCallback(
    (value: string) => {
      setTextState(value);
      saveDraft(key, value);
      if (value.trim()) channel.keystroke(parentId);
    },
    [channel, key, parentId],
  );

  const canSend = (text.trim() !== "" || uploads.ready.length > 0) && !uploads.busy;

  const send = useCallback(() => {
    const body = text.trim();
    const files = uploads.ready;
    if ((!body && files.length === 0) || uploads.busy) return false;
    const mentioned = mentionedIds(body, memberIds);
    channel
      .sendMessage(
        {
          text: body,
          ...(parentId ? { parent_id: parentId, show_in_channel: alsoToChannel } : {}),
          ...(mentioned.length ? { mentioned_users: mentioned } : {}),
          ...(files.length ? { attachments: files.map((f) => f.id) } : {}),
        },
        { attachments: files },
      )
      .catch(() => {
        // The message stays in the list marked "failed" with a retry: nothing typed is lost.
      });
    setTextState("");
    clearDraft(key);
    uploads.clear();
    return true;
  }, [text, uploads, memberIds, channel, parentId, alsoToChannel, key]);

  const editLast = useCallback(() => {
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const m = messages[i];
      if (m && m.user.id === userId && m.type === "regular" && m.status === "received") {
        onEdit(m.id);
        return true;
      }
    }
    return false;
  }, [messages, userId, onEdit]);

  return { text, setText, send, canSend, editLast, alsoToChannel, setAlsoToChannel };
}
