import type { TwoFactorStatus } from "@parley/protocol";
import { type FormEvent, useState } from "react";
import { disableTwoFactor, regenerateRecoveryCodes } from "../../auth/two-factor-api";
import { FormAlert } from "../../components/form-alert";
import { TextField } from "../../components/text-field";
import { CodeField, codeOf } from "../../two-factor/code-field";

interface TwoFactorOnProps {
  status: TwoFactorStatus;
  reload: () => void;
  showCodes: (codes: string[]) => void;
}

type Open = "none" | "regenerate" | "disable";

/** Two-factor sign-in is on: since when, the recovery codes left, new codes, turning it off. */
export function TwoFactorOn({ status, reload, showCodes }: TwoFactorOnProps) {
  const [open, setOpen] = useState<Open>("none");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const since = status.enabled_at ? new Date(status.enabled_at).toLocaleDateString() : "";
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const code = codeOf(data);
    const password = String(data.get("password") ?? "");
    setBusy(true);
    setError(null);
    if (open === "regenerate") {
      const outcome = await regenerateRecoveryCodes(code);
      setBusy(false);
      return outcome.ok ? showCodes(outcome.value.recovery_codes) : setError(outcome.error.message);
    }
    const outcome = await disableTwoFactor(code ? { code } : { password });
    setBusy(false);
    if (outcome.ok) reload();
    else setError(outcome.error.message);
  };
  const toggle = (which: Open) => {
    setOpen(open === which ? "none" : which);
    setError(null);
  };
  return (
    <div className="settings-subsection">
      <p className="settings-state" data-testid="two-factor-state">
        <span className="settings-badge">On</span> since {since}. {status.recovery_codes_left} of 10 recovery
        codes left.
      </p>
      <div className="settings-buttons">
        <button
          type="button"
          className="button"
          aria-expanded={open === "regenerate"}
          onClick={() => toggle("regenerate")}
        >
          New recovery codes
        </button>
        {!status.required && (
          <button
            type="button"
            className="button"
            aria-expanded={open === "disable"}
            onClick={() => toggle("disable")}
          >
            Turn off
          </button>
        )}
      </div>
      {status.required && (
        <p className="settings-section__hint">This server requires two-factor sign-in for your account.</p>
      )}
      {open !== "none" && (
        <form
          key={open}
          className="auth-form two-factor-confirm"
          noValidate
          aria-label={open === "regenerate" ? "New recovery codes" : "Turn off two-factor sign-in"}
          onSubmit={(e) => void submit(e)}
        >
          {error && <FormAlert message={error} />}
          {open === "regenerate" ? (
            <p>The old codes stop working. Confirm with a code from your app.</p>
          ) : (
            <p>Confirm with your password or a code from your app.</p>
          )}
          {open === "disable" && (
            <TextField
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              optional
            />
          )}
          <CodeField
            label={open === "disable" ? "Or a code from your app" : "Authentication code"}
            optional={open === "disable"}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {open === "regenerate" ? "Make new codes" : "Turn off"}
          </button>
        </form>
      )}
    </div>
  );
}
