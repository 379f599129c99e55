import type { AppSettings, UpdateAppSettingsBody } from "@parley/protocol";
import { useCallback } from "react";
import { useLoaded } from "../lib/use-loaded";
import { accounts } from "../session/accounts";

export interface AppSettingsModel {
  settings: AppSettings | null;
  loadError: string | null;
  reload: () => void;
  /** Saves a change; the stored settings take over when it answers (or it throws). */
  update: (patch: UpdateAppSettingsBody) => Promise<AppSettings>;
}

const load = () => accounts.appSettings().then((answer) => answer.settings);

/** The run-time settings (`GET`/`PATCH /api/admin/settings`) through the SDK. */
export function useAppSettings(): AppSettingsModel {
  const { value, loadError, reload, set } = useLoaded(load);
  const update = useCallback(
    async (patch: UpdateAppSettingsBody) => {
      const { settings } = await accounts.updateAppSettings(patch);
      set(settings);
      return settings;
    },
    [set],
  );
  return { settings: value, loadError, reload, update };
}
