/**
 * What the parts of one open channel share: the channel, which message is being edited, and how
 * to open a thread or focus the composer. Provided by the channel pane.
 */
import type { Channel } from "@parley/client";
import { createContext, type ReactNode, type RefObject, useContext, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useSearchParam } from "../lib/search-param";

export interface ChannelUi {
  channel: Channel;
  editingId: string | null;
  setEditingId: (id: string | null) => void;
  /** Ends editing and puts the focus back in the channel's composer. */
  stopEditing: () => void;
  /** The channel composer registers its input here (focus after editing). */
  composerRef: RefObject<HTMLTextAreaElement | null>;
  /** The open thread's parent id (`?thread=`), if any. */
  threadId: string | null;
  /** The message the channel was opened at (`?message=`, e.g. from a search result), highlighted. */
  highlightId: string | null;
  openThread: (parentId: string) => void;
  closeThread: () => void;
}

const ChannelUiContext = createContext<ChannelUi | null>(null);

export function ChannelUiProvider({ channel, children }: { channel: Channel; children: ReactNode }) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const threadId = useSearchParam("thread");
  const highlightId = useSearchParam("message");
  const navigate = useNavigate();
  const composerRef = useRef<HTMLTextAreaElement | null>(null);
  const value = useMemo<ChannelUi>(
    () => ({
      channel,
      editingId,
      setEditingId,
      stopEditing: () => {
        setEditingId(null);
        requestAnimationFrame(() => composerRef.current?.focus());
      },
      composerRef,
      threadId,
      highlightId,
      // Opening or closing a thread replaces the whole query: `?message=` only marks where the
      // channel opened.
      openThread: (parentId) => navigate(`?${new URLSearchParams({ thread: parentId })}`),
      closeThread: () => navigate("?"),
    }),
    [channel, editingId, threadId, highlightId, navigate],
  );
  return <ChannelUiContext.Provider value={value}>{children}</ChannelUiContext.Provider>;
}

export function useChannelUi(): ChannelUi {
  const ui = useContext(ChannelUiContext);
  if (!ui) throw new Error("useChannelUi is only available inside an open channel.");
  return ui;
}
