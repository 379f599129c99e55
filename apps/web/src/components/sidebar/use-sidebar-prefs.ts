/**
 * What the user chose for their sidebar on this device: collapsed sections and "unread first",
 * kept per user in localStorage (a reload keeps them; storage unavailable: this page only).
 */
import type { SidebarSectionId } from "@parley/client";
import { useCallback, useEffect, useState } from "react";

export interface SidebarPrefs {
  collapsed: Partial<Record<SidebarSectionId, boolean>>;
  unreadFirst: boolean;
}

const DEFAULTS: SidebarPrefs = { collapsed: {}, unreadFirst: false };

export const sidebarPrefsKey = (userId: string) => `parley.sidebar:${userId}`;

function load(userId: string): SidebarPrefs {
  try {
    const raw = globalThis.localStorage?.getItem(sidebarPrefsKey(userId));
    if (!raw) return DEFAULTS;
    const parsed = JSON.parse(raw) as Partial<SidebarPrefs>;
    const collapsed: SidebarPrefs["collapsed"] = {};
    for (const id of ["favourites", "channels", "direct"] as const)
      if (parsed.collapsed?.[id] === true) collapsed[id] = true;
    return { collapsed, unreadFirst: parsed.unreadFirst === true };
  } catch {
    return DEFAULTS;
  }
}

function save(userId: string, prefs: SidebarPrefs): void {
  try {
    globalThis.localStorage?.setItem(sidebarPrefsKey(userId), JSON.stringify(prefs));
  } catch {
    // Full or blocked storage: the choice holds for this page.
  }
}

export function useSidebarPrefs(userId: string) {
  const [prefs, setPrefs] = useState(() => load(userId));
  useEffect(() => setPrefs(load(userId)), [userId]);
  const update = useCallback(
    (change: (p: SidebarPrefs) => SidebarPrefs) =>
      setPrefs((p) => {
        const next = change(p);
        save(userId, next);
        return next;
      }),
    [userId],
  );
  const toggleSection = useCallback(
    (id: SidebarSectionId) =>
      update((p) => ({ ...p, collapsed: { ...p.collapsed, [id]: !p.collapsed[id] } })),
    [update],
  );
  const toggleUnreadFirst = useCallback(
    () => update((p) => ({ ...p, unreadFirst: !p.unreadFirst })),
    [update],
  );
  return { prefs, toggleSection, toggleUnreadFirst };
}
