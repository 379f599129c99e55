import { type FormEvent, useEffect, useRef, useState } from "react";
import { NewPasswordFields } from "../../auth/new-password-fields";
import { changePassword, confirmProblem } from "../../auth/password-api";
import { FormAlert } from "../../components/form-alert";
import { TextField } from "../../components/text-field";
import "../../styles/auth.css";
import "../../styles/passwords.css";

type Phase =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "done" }
  | { kind: "error"; message: string; fields: Record<string, string> };

/** /settings/account: change the password (needs the current one; signs out every other session). */
export function PasswordSection() {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const form = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    const fields = confirmProblem(value("new_password"), value("confirm_password"));
    if (fields) return fail("Check the new password.", fields);
    setPhase({ kind: "saving" });
    const outcome = await changePassword(value("current_password"), value("new_password"));
    if (!outcome.ok) return fail(outcome.error.message, outcome.error.fields ?? {});
    form.current?.reset();
    setPhase({ kind: "done" });
  };
  const fail = (message: string, fields: Record<string, string>) =>
    setPhase({ kind: "error", message, fields });
  // Once a failure is rendered, focus what to fix (as the sign-in form does).
  useEffect(() => {
    if (phase.kind !== "error" || !form.current) return;
    (
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current.querySelector<HTMLElement>('[role="alert"]')
    )?.focus();
  }, [phase]);
  const fields = phase.kind === "error" ? phase.fields : {};
  return (
    <section className="settings-section" aria-labelledby="settings-password" data-testid="password-section">
      <h2 id="settings-password" className="settings-section__title">
        Password
      </h2>
      <p className="settings-section__hint">
        Changing your password signs you out everywhere else: other browsers and devices have to sign in
        again.
      </p>
      <form
        ref={form}
        className="auth-form password-form"
        noValidate
        aria-label="Change password"
        onSubmit={(e) => void submit(e)}
      >
        {phase.kind === "error" && <FormAlert message={phase.message} />}
        <TextField
          name="current_password"
          type="password"
          label="Current password"
          autoComplete="current-password"
          error={fields.current_password}
        />
        <NewPasswordFields fields={fields} />
        <div className="settings-buttons">
          <button type="submit" className="button button--primary" disabled={phase.kind === "saving"}>
            {phase.kind === "saving" ? "Changing…" : "Change password"}
          </button>
        </div>
        <p className="settings-status" role="status" aria-live="polite">
          {phase.kind === "done" && "Password changed. Your other sessions were signed out."}
        </p>
      </form>
    </section>
  );
}
