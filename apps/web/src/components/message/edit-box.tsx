import { useLayoutEffect, useRef, useState } from "react";

interface EditBoxProps {
  initial: string;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}

/** Editing a message in place: Enter saves, Shift+Enter adds a line, Esc cancels. */
export function EditBox({ initial, onSave, onCancel }: EditBoxProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const focus = () => {
      const el = ref.current;
      if (!el || document.activeElement === el) return;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    };
    focus();
    // The list may re-render the row right after it opens; keep the caret in the edit box.
    const frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, []);
  const save = async () => {
    if (text.trim() === initial.trim()) return onCancel();
    if (!text.trim()) return setError("A message cannot be empty; delete it instead.");
    setBusy(true);
    try {
      await onSave(text);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <div className="edit-box">
      <textarea
        ref={ref}
        className="edit-box__input"
        aria-label="Edit message"
        value={text}
        rows={Math.min(8, text.split("\n").length)}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="edit-box__actions">
        <span className="muted">Enter to save · Esc to cancel</span>
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--small button--primary" onClick={save} disabled={busy}>
          Save
        </button>
      </div>
    </div>
  );
}
