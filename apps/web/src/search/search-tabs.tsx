import { SEARCH_SOURCE_ORDER, type SearchControllerState, type SearchSourceType } from "@parley/client";
import type { KeyboardEvent } from "react";
import { tabLabel } from "./search-status";

export const tabId = (base: string, type: SearchSourceType) => `${base}-tab-${type}`;

interface Props {
  baseId: string;
  panelId: string;
  state: SearchControllerState;
  query: string;
  active: SearchSourceType;
  onSelect: (type: SearchSourceType) => void;
}

/**
 * Messages / Channels / People, one active at a time; ← → Home End move between them. A tab
 * shows its count once its source answered ("2 messages", "10+ messages", "1 person").
 */
export function SearchTabs({ baseId, panelId, state, query, active, onSelect }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = SEARCH_SOURCE_ORDER.indexOf(active);
    const n = SEARCH_SOURCE_ORDER.length;
    const to =
      event.key === "ArrowRight"
        ? (at + 1) % n
        : event.key === "ArrowLeft"
          ? (at + n - 1) % n
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? n - 1
              : -1;
    const next = SEARCH_SOURCE_ORDER[to];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    document.getElementById(tabId(baseId, next))?.focus();
  };
  return (
    <div className="search-tabs" role="tablist" aria-label="Search in" onKeyDown={onKeyDown}>
      {SEARCH_SOURCE_ORDER.map((type) => (
        <button
          key={type}
          id={tabId(baseId, type)}
          type="button"
          role="tab"
          className="search-tabs__tab"
          aria-selected={type === active}
          aria-controls={panelId}
          tabIndex={type === active ? 0 : -1}
          data-source={type}
          onClick={() => onSelect(type)}
        >
          {tabLabel(type, state.sources[type], query)}
        </button>
      ))}
    </div>
  );
}
