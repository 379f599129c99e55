import { useEffect, useState } from "react";
import { loadConfig, type PublicConfig } from "../session/config";

export type SsoConfig = Pick<PublicConfig, "sso" | "localPasswords">;

/** The server's single-sign-on settings; undefined until the configuration is read (or when it cannot be). */
export function useSsoConfig(): SsoConfig | undefined {
  const [config, setConfig] = useState<SsoConfig>();
  useEffect(() => {
    let live = true;
    loadConfig().then(
      ({ sso, localPasswords }) => live && setConfig({ sso, localPasswords }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
