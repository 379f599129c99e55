import type { SearchSourceType } from "@parley/client";
import type { KeyboardEvent } from "react";

export const TABS: readonly { type: SearchSourceType; label: string }[] = [
  { type: "users", label: "Users" },
  { type: "channels", label: "Channels" },
  { type: "messages", label: "Messages" },
];

export const tabId = (base: string, type: SearchSourceType) => `${base}-tab-${type}`;

interface Props {
  baseId: string;
  panelId: string;
  active: SearchSourceType;
  onSelect: (type: SearchSourceType) => void;
}

/** Users / Channels / Messages: one active at a time; ← → move between them. */
export function SearchTabs({ baseId, panelId, active, onSelect }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const at = TABS.findIndex((t) => t.type === active);
    const next = TABS[(at + (event.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length];
    if (!next) return;
    onSelect(next.type);
    document.getElementById(tabId(baseId, next.type))?.focus();
  };
  return (
    <div className="search-tabs" role="tablist" aria-label="Search in" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab.type}
          id={tabId(baseId, tab.type)}
          type="button"
          role="tab"
          className="search-tabs__tab"
          aria-selected={tab.type === active}
          aria-controls={panelId}
          tabIndex={tab.type === active ? 0 : -1}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onSelect(tab.type)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
