/**
 * Dialogs opened from a message's "more" menu (flag, delete, ban). A menu unmounts its items when
 * an item is chosen, so the dialogs live in their own small React root on <body>, outside any
 * menu's lifetime; a notice (chat/notices) confirms what was done.
 */
import type { ChatClient } from "@parley/client";
import type { MessageResponse } from "@parley/protocol";
import { useSyncExternalStore } from "react";
import { createRoot, type Root } from "react-dom/client";
import { showNotice } from "../chat/notices";
import { BanDialog } from "./ban-dialog";
import { DeleteDialog } from "./delete-dialog";
import { FlagDialog } from "./flag-dialog";
import "../polls/forms.css";
import "./moderation.css";

export type ModerationDialogKind = "flag" | "delete" | "ban";

interface DialogRequest {
  kind: ModerationDialogKind;
  client: ChatClient;
  message: MessageResponse;
}

interface HostState {
  dialog: DialogRequest | null;
}

let state: HostState = { dialog: null };
const listeners = new Set<() => void>();
let root: Root | null = null;

function set(change: Partial<HostState>): void {
  state = { ...state, ...change };
  for (const listener of [...listeners]) listener();
}

function ensureHost(): void {
  if (root || typeof document === "undefined") return;
  const element = document.createElement("div");
  element.className = "moderation-host";
  document.body.append(element);
  root = createRoot(element);
  root.render(<ModerationDialogHost />);
}

export function openModerationDialog(request: DialogRequest): void {
  ensureHost();
  set({ dialog: request });
}

const close = () => set({ dialog: null });
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function ModerationDialogHost() {
  const { dialog } = useSyncExternalStore(subscribe, () => state);
  const done = (text: string) => {
    close();
    showNotice(text);
  };
  return (
    <>
      {dialog?.kind === "flag" && <FlagDialog {...dialog} onClose={close} onDone={done} />}
      {dialog?.kind === "delete" && <DeleteDialog {...dialog} onClose={close} onDone={done} />}
      {dialog?.kind === "ban" && <BanDialog {...dialog} onClose={close} onDone={done} />}
    </>
  );
}
