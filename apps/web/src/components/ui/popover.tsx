import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

interface PopoverProps {
  /** The element the popover opens from (its trigger). */
  anchor: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Horizontal alignment with the anchor. */
  align?: "start" | "end";
  /** Extra elements whose clicks do not count as "outside" (e.g. the trigger's wrapper). */
  inside?: RefObject<HTMLElement | null>;
  role: "menu" | "dialog";
  label?: string;
  onKeyDown?: (event: React.KeyboardEvent<HTMLDivElement>) => void;
}

const GAP = 4;
const MARGIN = 8;

/**
 * A floating layer in <body>, placed below its anchor or above it when there is no room, so
 * scrolling containers (the message list) never clip it. Esc and a press outside close it.
 */
export function Popover({
  anchor,
  onClose,
  children,
  className = "",
  align = "end",
  inside,
  role,
  label,
  onKeyDown,
}: PopoverProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<React.CSSProperties>({
    position: "fixed",
    top: 0,
    left: 0,
    visibility: "hidden",
  });
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const place = () => {
      const a = anchor.current?.getBoundingClientRect();
      const el = ref.current;
      if (!a || !el) return;
      const { width, height } = el.getBoundingClientRect();
      const below = a.bottom + GAP + height <= window.innerHeight - MARGIN || a.top - GAP - height < MARGIN;
      const top = below ? a.bottom + GAP : a.top - GAP - height;
      const rawLeft = align === "end" ? a.right - width : a.left;
      const left = Math.min(Math.max(MARGIN, rawLeft), window.innerWidth - width - MARGIN);
      setStyle({ position: "fixed", top: Math.max(MARGIN, top), left: Math.max(MARGIN, left) });
    };
    place();
    const observer = new ResizeObserver(place);
    if (ref.current) observer.observe(ref.current);
    window.addEventListener("resize", place);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", place);
    };
  }, [anchor, align]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (
        ref.current?.contains(target) ||
        anchor.current?.contains(target) ||
        inside?.current?.contains(target)
      )
        return;
      onCloseRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      onCloseRef.current();
      anchor.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [anchor, inside]);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the role (menu or dialog) is always given by the caller
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role (menu or dialog) is always given by the caller
    <div
      ref={ref}
      className={`popover ${className}`}
      style={style}
      role={role}
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>,
    document.body,
  );
}
