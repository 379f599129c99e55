import { type RefObject, useEffect, useRef } from "react";

/**
 * Esc while focus is in the channel (not in a menu, dialog or list of suggestions, which take
 * their Esc first) does what "Mark as read" does.
 */
export function useEscapeInChannel(
  root: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
) {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const view = root.current?.closest(".channel-view");
      const focus = document.activeElement;
      const inChannel = focus === document.body || (focus !== null && view?.contains(focus));
      if (
        !inChannel ||
        focus?.closest('[role="dialog"], [role="menu"], [role="listbox"], [aria-expanded="true"]')
      )
        return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [root, active]);
}
