import type { TwoFactorSigninResponse } from "@parley/protocol";
import { useState } from "react";
import { secondStep } from "../auth/two-factor-api";
import { FormAlert } from "../components/form-alert";
import { TextField } from "../components/text-field";
import { CodeField, codeOf, codeProblem } from "./code-field";
import { RememberDevice, rememberOf } from "./remember-device";
import { useStepForm } from "./use-step-form";
import "../styles/notification-settings.css";
import "../styles/two-factor.css";

interface CodeStepProps {
  challenge: string;
  done: (answer: TwoFactorSigninResponse) => void;
}

/** The second step: a code from the app, or one of the recovery codes. */
export function CodeStep({ challenge, done }: CodeStepProps) {
  const [recovery, setRecovery] = useState(false);
  const recoveryOf = (data: FormData) => String(data.get("recovery_code") ?? "").trim();
  const { error, setError, busy, form, onSubmit } = useStepForm(
    (data) =>
      recovery
        ? recoveryOf(data)
          ? undefined
          : "Enter one of your recovery codes."
        : codeProblem(codeOf(data)),
    async (data) => {
      const outcome = await secondStep({
        challenge,
        ...(recovery ? { recovery_code: recoveryOf(data) } : { code: codeOf(data) }),
        remember_device: rememberOf(data),
      });
      if (!outcome.ok) return outcome.error.message;
      done(outcome.value);
      return undefined;
    },
  );
  const toggle = () => {
    setRecovery(!recovery);
    setError(null);
  };
  return (
    <form
      ref={form}
      method="post"
      noValidate
      className="auth-form"
      aria-label="Second step"
      onSubmit={onSubmit}
    >
      {error && !error.field && <FormAlert message={error.message} />}
      {recovery ? (
        <TextField
          key="recovery"
          name="recovery_code"
          label="Recovery code"
          hint="One of the ten codes you saved when you set up two-factor sign-in. Each works once."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          error={error?.field}
          autoFocus
        />
      ) : (
        <CodeField key="code" error={error?.field} autoFocus />
      )}
      <RememberDevice />
      <button type="submit" className="button button--primary button--large button--block" disabled={busy}>
        {busy ? "Checking…" : "Sign in"}
      </button>
      <button type="button" className="settings-link-button two-factor-switch" onClick={toggle}>
        {recovery ? "Use the code from your app" : "Use a recovery code"}
      </button>
    </form>
  );
}
