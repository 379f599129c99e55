import { type RefObject, useEffect } from "react";

/** Ctrl+K (Cmd+K on a Mac) focuses the search field from anywhere in the app. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>, onFocus: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const field = input.current;
      if (!field) return;
      event.preventDefault();
      field.focus();
      field.select();
      onFocus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [input, onFocus]);
}

/** Closes the results on a press outside the panel. */
export function usePressOutside(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, container, close]);
}
