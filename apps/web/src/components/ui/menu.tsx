import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Popover } from "./popover";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

interface MenuProps {
  /** The trigger button's accessible name. */
  label: string;
  /** What the trigger shows (an icon, an avatar…). */
  trigger: ReactNode;
  items: readonly (MenuItem | false | null | undefined)[];
  /** More items rendered after `items` (e.g. another team's menu items). */
  extra?: ReactNode;
  triggerClassName?: string;
  onOpenChange?: (open: boolean) => void;
}

/** A menu button: Enter/Space/click open it, arrows move, Esc closes and returns focus. */
export function Menu({
  label,
  trigger,
  items,
  extra,
  triggerClassName = "icon-button",
  onOpenChange,
}: MenuProps) {
  const [open, setOpenState] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const setOpen = useCallback(
    (value: boolean) => {
      setOpenState(value);
      onOpenChange?.(value);
    },
    [onOpenChange],
  );
  const close = useCallback(() => setOpen(false), [setOpen]);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(menuId)?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [open, menuId]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const list = [
      ...(document.getElementById(menuId)?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (event.key === "ArrowDown") next = (at + 1) % list.length;
    else if (event.key === "ArrowUp") next = (at - 1 + list.length) % list.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = list.length - 1;
    else if (event.key === "Tab") {
      close();
      button.current?.focus();
    }
    if (next >= 0) {
      event.preventDefault();
      list[next]?.focus();
    }
  };

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        {trigger}
      </button>
      {open && (
        <Popover
          anchor={button}
          onClose={close}
          className="menu__popup"
          role="menu"
          label={label}
          onKeyDown={onKeyDown}
        >
          {/* biome-ignore lint/a11y/noStaticElementInteractions: closes the menu after any item's click */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: items are buttons; keys are handled by the menu */}
          <div
            id={menuId}
            ref={popup}
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('[role="menuitem"]')) {
                close();
                button.current?.focus();
              }
            }}
          >
            {items.map(
              (item) =>
                item && (
                  <button
                    key={item.label}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={item.danger ? "menu__item menu__item--danger" : "menu__item"}
                    onClick={item.onSelect}
                  >
                    {item.label}
                  </button>
                ),
            )}
            {extra}
          </div>
        </Popover>
      )}
    </div>
  );
}
