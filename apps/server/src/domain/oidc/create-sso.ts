import type { OidcConfig } from "../../config-oidc.js";
import type { Store } from "../../store/store.js";
import type { AccountsService, ChatProvider } from "../accounts/accounts-service.js";
import type { Clock } from "../clock.js";
import type { IdentityProvider } from "./identity-provider.js";
import { SsoAccounts } from "./sso-accounts.js";
import { SsoService } from "./sso-service.js";

/** What single sign-on needs from app.ts: the settings, and the provider behind the outbound guard. */
export interface SsoDeps {
  settings: OidcConfig;
  provider: IdentityProvider;
}

/** Single sign-on wired, with SSO-only mode's gate on the password path of sign-in. */
export function createSso(
  deps: SsoDeps,
  store: Store,
  accounts: AccountsService,
  chat: ChatProvider,
  clock: Clock,
): SsoService {
  const ssoAccounts = new SsoAccounts(store, chat, deps.settings, clock);
  const sso = new SsoService(store, accounts, ssoAccounts, deps.provider, deps.settings, clock);
  accounts.passwordGate = sso;
  return sso;
}
