import { EVENT_RETENTION_COUNT, EVENT_RETENTION_MS } from "@parley/protocol";
import type { Store } from "../store/store.js";
import { type Clock, iso } from "./clock.js";
import type { FileStore } from "./uploads/file-store.js";

const ORPHAN_UPLOAD_MS = 24 * 3600 * 1000;

/**
 * Housekeeping, run every few minutes on every node (each step is idempotent): drops events
 * past retention (older than 24 h *and* beyond the newest 10,000 of their channel) and
 * uploads never attached to a message within a day.
 */
export async function runMaintenance(
  store: Store,
  files: FileStore,
  clock: Clock,
): Promise<{ events: number; uploads: number }> {
  const now = clock().getTime();
  const events = await store.events.prune(iso(new Date(now - EVENT_RETENTION_MS)), EVENT_RETENTION_COUNT);
  const orphans = await store.uploads.removeOrphans(iso(new Date(now - ORPHAN_UPLOAD_MS)));
  for (const u of orphans) await files.remove(u.storage_key);
  return { events, uploads: orphans.length };
}
