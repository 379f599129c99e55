import { AccountSettingsScreen } from "../settings/account/account-settings-screen";

/** /settings/account: password, two-factor sign-in and the sessions the user holds. */
export function Component() {
  return <AccountSettingsScreen />;
}
