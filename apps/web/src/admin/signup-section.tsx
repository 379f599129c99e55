import {
  type AppSettings,
  REQUIRE_2FA,
  type Require2fa,
  SIGNUP_MODES,
  type SignupMode,
  type UpdateAppSettingsBody,
} from "@parley/protocol";
import { useId } from "react";
import { LevelChoices } from "../settings/level-choices";
import { SaveStatus, useSaveState } from "../settings/save-state";

const MODE_LABELS: Record<SignupMode, string> = {
  open: "Open",
  invite: "Invite only",
  closed: "Closed",
};
const MODE_HINTS: Record<SignupMode, string> = {
  open: "Anyone who can reach this server can create an account.",
  invite: "Creating an account needs an invite link.",
  closed: "Only admins create accounts (below).",
};
const TWO_FACTOR_LABELS: Record<Require2fa, string> = {
  off: "Not required",
  admins: "Required for admins",
  everyone: "Required for everyone",
};

interface SignupSectionProps {
  settings: AppSettings;
  update: (patch: UpdateAppSettingsBody) => Promise<AppSettings>;
}

/** Who may create an account, whether members may invite, and who must use two-factor sign-in. */
export function SignupSection({ settings, update }: SignupSectionProps) {
  const invite = useSaveState();
  const twoFactor = useSaveState();
  const selectId = useId();
  return (
    <section id="admin-signup" className="settings-section" aria-labelledby="admin-signup-title">
      <h2 id="admin-signup-title" className="settings-section__title">
        Sign-up
      </h2>
      <p className="settings-section__hint">
        The first account of a server is its admin and needs no invite.
      </p>
      <LevelChoices
        name="signup-mode"
        legend="Who can create an account"
        showLegend
        levels={SIGNUP_MODES}
        current={settings.signupMode}
        label={(mode) => MODE_LABELS[mode]}
        hint={(mode) => MODE_HINTS[mode]}
        save={(mode) => update({ signupMode: mode })}
      />
      <div className="settings-subsection">
        <label className="settings-check">
          <input
            type="checkbox"
            className="settings-checkbox"
            checked={settings.membersCanInvite}
            onChange={(event) => {
              const membersCanInvite = event.target.checked;
              void invite.run(() => update({ membersCanInvite }));
            }}
          />
          <span>Members can create invite links</span>
        </label>
        <SaveStatus state={invite} />
      </div>
      <div className="settings-subsection admin-field">
        <label htmlFor={selectId} className="settings-field-label">
          Two-factor sign-in
        </label>
        <select
          id={selectId}
          className="input-field__input"
          value={settings.require2fa}
          onChange={(event) => {
            const require2fa = event.target.value as Require2fa;
            void twoFactor.run(() => update({ require2fa }));
          }}
        >
          {REQUIRE_2FA.map((value) => (
            <option key={value} value={value}>
              {TWO_FACTOR_LABELS[value]}
            </option>
          ))}
        </select>
        <SaveStatus state={twoFactor} />
      </div>
    </section>
  );
}
