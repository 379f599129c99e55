/** Run-time settings (one JSON value per key) and invite links; docs/api.md "Sign-up modes and invites". */
import type { AppSettingsTable, InvitesTable } from "./schema.js";

export type AppSettingRow = AppSettingsTable;

/** An invite link; `channels` (the cids a new account joins) parsed from the stored JSON. */
export type InviteRow = Omit<InvitesTable, "channels"> & { channels: string[] };

export interface SettingsRepo {
  all(): Promise<AppSettingRow[]>;
  /** Inserts or replaces each row. */
  put(rows: readonly AppSettingRow[]): Promise<void>;
}

export interface InviteRepo {
  insert(row: InviteRow): Promise<void>;
  get(id: string): Promise<InviteRow | undefined>;
  byTokenHash(tokenHash: string): Promise<InviteRow | undefined>;
  /** Newest first; only `createdBy`'s when given. */
  list(q: { createdBy?: string; limit: number }): Promise<InviteRow[]>;
  /** Sets `revoked_at` unless already set; answers the row as it is after. */
  revoke(id: string, at: string): Promise<InviteRow | undefined>;
  /**
   * Counts one use, atomically: only while the invite is unrevoked, unexpired at `now` and not
   * used up. False when it was not (of two uses racing for the last one, one gets false).
   */
  use(id: string, now: string): Promise<boolean>;
}
