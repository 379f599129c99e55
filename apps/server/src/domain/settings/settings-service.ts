import {
  type AppRole,
  type AppSettings,
  DEFAULT_APP_SETTINGS,
  type UpdateAppSettingsBody,
  updateAppSettingsBodySchema,
} from "@parley/protocol";
import type { AccountRow, AppSettingRow, Repos, Store } from "../../store/store.js";
import { type Clock, iso } from "../clock.js";

/**
 * A fallback only: a change reaches every node's cache at once over the bus (`settings`), and a
 * node whose bus reconnected forgets its copy. The bus is at-most-once, so a node that missed a
 * message still catches up within this.
 */
export const SETTINGS_TTL_MS = 30_000;

/** Who is calling with a product session token; the lead's AccountsService implements it. */
export interface SessionGate {
  sessionOf(token: string | undefined): Promise<{ account: AccountRow; role: AppRole }>;
  requireAdmin(token: string | undefined): Promise<{ account: AccountRow; role: AppRole }>;
}

/** The settings' stored keys (`app_settings.key`), by their name in the API. */
const KEYS: Record<keyof AppSettings, string> = {
  signupMode: "signup_mode",
  membersCanInvite: "members_can_invite",
  require2fa: "require_2fa",
};

/**
 * The run-time settings an admin edits in the console (design §7 "Settings have two homes"):
 * stored in the database, cached on each node, dropped on every node when one changes them.
 */
export class SettingsService {
  #cached: { at: number; settings: AppSettings } | undefined;
  /** Bumped by each invalidation, so a read that started before it does not fill the cache. */
  #generation = 0;

  constructor(
    private readonly store: Store,
    private readonly sessions: SessionGate,
    private readonly clock: Clock,
  ) {}

  /** The settings in force; inside a transaction pass its repos (SQLite would wait for it). */
  async current(repos: Repos = this.store): Promise<AppSettings> {
    const hit = this.#cached;
    if (hit && Date.now() - hit.at < SETTINGS_TTL_MS && repos === this.store) return hit.settings;
    const generation = this.#generation;
    const settings = fromRows(await repos.settings.all());
    if (generation === this.#generation && repos === this.store) this.#cached = { at: Date.now(), settings };
    return settings;
  }

  /** Forgets the cached copy: another node changed the settings, or the bus may have lost that. */
  invalidate(): void {
    this.#generation++;
    this.#cached = undefined;
  }

  /** The settings, for an admin. */
  async read(token: string | undefined): Promise<AppSettings> {
    await this.sessions.requireAdmin(token);
    return this.current();
  }

  /** Changes some settings (an admin); every node drops its cached copy once this commits. */
  async update(token: string | undefined, body: UpdateAppSettingsBody): Promise<AppSettings> {
    const { account } = await this.sessions.requireAdmin(token);
    const patch = updateAppSettingsBodySchema.parse(body);
    const now = iso(this.clock());
    const rows: AppSettingRow[] = (Object.keys(patch) as (keyof AppSettings)[]).map((name) => ({
      key: KEYS[name],
      value: JSON.stringify(patch[name]),
      updated_at: now,
      updated_by: account.id,
    }));
    if (rows.length > 0) {
      await this.store.transaction(async (tx) => {
        await tx.settings.put(rows);
        tx.emit({ kind: "settings" });
      });
      this.invalidate();
    }
    return this.current();
  }
}

/** Stored rows over the defaults; a value that no longer parses (an older version's) is ignored. */
function fromRows(rows: readonly AppSettingRow[]): AppSettings {
  const settings = { ...DEFAULT_APP_SETTINGS };
  for (const [name, key] of Object.entries(KEYS)) {
    const row = rows.find((r) => r.key === key);
    if (!row) continue;
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      continue;
    }
    const one = updateAppSettingsBodySchema.safeParse({ [name]: value });
    if (one.success) Object.assign(settings, one.data);
  }
  return settings;
}
