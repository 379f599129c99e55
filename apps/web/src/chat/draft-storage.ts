/**
 * Composer drafts, kept per user and channel (and thread) in localStorage so they survive channel
 * switches and reloads. Storage may be unavailable; then drafts live only in memory.
 */
const PREFIX = "parley.draft";
const MAX_DRAFT_LENGTH = 20_000;

export function draftKey(userId: string, cid: string, parentId?: string): string {
  return parentId ? `${PREFIX}:${userId}:${cid}:${parentId}` : `${PREFIX}:${userId}:${cid}`;
}

const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function loadDraft(key: string): string {
  try {
    return storage()?.getItem(key) ?? memory.get(key) ?? "";
  } catch {
    return memory.get(key) ?? "";
  }
}

/** Saves the draft (an empty one is removed). */
export function saveDraft(key: string, text: string): void {
  const value = text.slice(0, MAX_DRAFT_LENGTH);
  if (value.trim() === "") memory.delete(key);
  else memory.set(key, value);
  try {
    const s = storage();
    if (!s) return;
    if (value.trim() === "") s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Full or blocked storage: the in-memory copy still keeps the draft for this page.
  }
}

export function clearDraft(key: string): void {
  saveDraft(key, "");
}
