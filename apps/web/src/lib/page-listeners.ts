/**
 * Page-wide listeners (spec §2): the right-click context menu is disabled on the whole page, and
 * a passive touchstart listener is registered so :active styles give touch feedback on iOS Safari.
 * Returns a function that removes them again.
 */
export function installPageListeners(doc: Document = document): () => void {
  const preventContextMenu = (event: Event): void => {
    event.preventDefault();
  };
  const onTouchStart = (): void => {
    // Intentionally empty: its presence is what enables :active on touch devices.
  };
  doc.addEventListener("contextmenu", preventContextMenu);
  doc.addEventListener("touchstart", onTouchStart, { passive: true });
  return () => {
    doc.removeEventListener("contextmenu", preventContextMenu);
    doc.removeEventListener("touchstart", onTouchStart);
  };
}
