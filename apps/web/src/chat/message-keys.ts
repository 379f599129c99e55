import type { KeyboardEvent } from "react";

/** Messages and system messages alike, in document order. */
const MESSAGE = '[data-testid="message"], [data-testid="system-message"]';

/**
 * Keyboard moves between the messages of a list (↑ ↓, Home, End); a focused message shows its
 * action bar, which Tab then enters and Esc leaves, back to the message. Only the newest message
 * is in the page's tab order, so Tab passes the list in one step.
 */
export function onMessageKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const here = event.currentTarget;
  if (event.key === "Escape" && event.target instanceof Element && event.target.closest('[role="toolbar"]')) {
    event.preventDefault();
    here.focus();
    return;
  }
  if (event.target !== here) return;
  const scope = here.parentElement?.closest('[data-message-scope="true"]') ?? here.parentElement;
  if (!scope) return;
  const all = [...scope.querySelectorAll<HTMLElement>(MESSAGE)];
  const at = all.indexOf(here);
  const target =
    event.key === "ArrowUp"
      ? all[at - 1]
      : event.key === "ArrowDown"
        ? all[at + 1]
        : event.key === "Home"
          ? all[0]
          : event.key === "End"
            ? all.at(-1)
            : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: "nearest" });
}
