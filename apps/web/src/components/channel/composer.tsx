import type { Channel, ChannelStateSnapshot, LocalMessage } from "@parley/client";
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useChannelUi } from "../../chat/channel-ui";
import { useClientState } from "../../chat/client-context";
import { ComposerExtras } from "../../chat/extensions";
import { useComposer } from "../../chat/use-composer";
import { useFileDrop } from "../../chat/use-file-drop";
import { useMentionAutocomplete } from "../../chat/use-mention-autocomplete";
import { useUploads } from "../../chat/use-uploads";
import { Icon } from "../ui/icons";
import { MentionSuggestions } from "./mention-suggestions";
import { UploadTray } from "./upload-tray";

const MAX_HEIGHT = 200;

interface ComposerProps {
  channel: Channel;
  state: ChannelStateSnapshot;
  /** Thread replies: the parent's id; the composer then offers "Also send to channel". */
  parentId?: string;
  /** The user's recent messages here, for ↑ to edit the last one. */
  messages: readonly LocalMessage[];
  placeholder: string;
  /** Where dropped files are accepted. */
  dropZone: RefObject<HTMLElement | null>;
}

/** Writing a message: Enter sends, Shift+Enter adds a line, @ mentions, files, draft kept. */
export function Composer({ channel, state, parentId, messages, placeholder, dropZone }: ComposerProps) {
  const ui = useChannelUi();
  const { userID } = useClientState();
  const uploads = useUploads(channel, parentId);
  const composer = useComposer({
    channel,
    userId: userID,
    parentId,
    messages,
    memberIds: Object.keys(state.members),
    uploads,
    onEdit: ui.setEditingId,
  });
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState(composer.text.length);
  const listId = useId();
  // Where the caret goes once an inserted mention is on screen: set in the same commit as the text,
  // so keys typed right after the insertion are never moved behind a late caret restore.
  const pendingCaret = useRef<number | null>(null);
  const apply = (text: string, at: number) => {
    pendingCaret.current = at;
    composer.setText(text);
    setCaret(at);
  };
  const mention = useMentionAutocomplete(composer.text, caret, state, userID, apply);
  const dragging = useFileDrop(dropZone, uploads.add);

  useEffect(() => {
    area.current?.focus();
    if (parentId) return;
    ui.composerRef.current = area.current;
    return () => {
      ui.composerRef.current = null;
    };
  }, [parentId, ui.composerRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [composer.text]);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null) return;
    pendingCaret.current = null;
    area.current?.setSelectionRange(at, at);
  });

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      composer.send();
    } else if (event.key === "ArrowUp" && composer.text === "" && composer.editLast()) {
      event.preventDefault();
    }
  };
  const activeOption = mention.options[mention.active];

  return (
    <div className={dragging ? "composer composer--dragging" : "composer"}>
      <UploadTray uploads={uploads.uploads} onRemove={uploads.remove} />
      <MentionSuggestions id={listId} mention={mention} />
      <div className="composer__box">
        <textarea
          ref={area}
          className="composer__input"
          aria-label={placeholder}
          placeholder={placeholder}
          rows={1}
          value={composer.text}
          aria-autocomplete="list"
          aria-controls={mention.options.length ? listId : undefined}
          aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
          onChange={(e) => {
            composer.setText(e.target.value);
            setCaret(e.target.selectionStart);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            const files = [...e.clipboardData.files];
            if (files.length === 0) return;
            e.preventDefault();
            uploads.add(files);
          }}
          data-testid="composer-input"
        />
        <div className="composer__tools">
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              uploads.add(e.target.files ?? []);
              e.target.value = "";
            }}
            data-testid="file-input"
          />
          <button
            type="button"
            className="icon-button"
            aria-label="Attach files"
            onClick={() => fileInput.current?.click()}
          >
            <Icon name="attach" />
          </button>
          {!parentId && <ComposerExtras channel={channel} />}
          <button
            type="button"
            className="icon-button icon-button--send"
            aria-label={uploads.busy ? "Uploading…" : "Send"}
            disabled={!composer.canSend}
            onClick={() => composer.send()}
          >
            <Icon name="send" />
          </button>
        </div>
      </div>
      {parentId && (
        <label className="composer__also">
          <input
            type="checkbox"
            checked={composer.alsoToChannel}
            onChange={(e) => composer.setAlsoToChannel(e.target.checked)}
          />
          Also send to channel
        </label>
      )}
    </div>
  );
}
