import { adminCreateUserBodySchema } from "@parley/protocol";
import { useId, useState } from "react";
import { accounts, apiFailure } from "../session/accounts";

type Fields = { username: string; displayName: string; password: string };
const EMPTY: Fields = { username: "", displayName: "", password: "" };

/** An admin creates an account with an initial password: how people join while sign-up is closed. */
export function CreateAccountSection({ closed }: { closed: boolean }) {
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<{ phase: "idle" | "saving" | "done" | "error"; text: string }>({
    phase: "idle",
    text: "",
  });
  const ids = { username: useId(), displayName: useId(), password: useId() };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = adminCreateUserBodySchema.safeParse(values);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      setState({ phase: "error", text: "Please correct the highlighted fields." });
      return;
    }
    setErrors({});
    setState({ phase: "saving", text: "Creating the account…" });
    try {
      const { user } = await accounts.adminCreateUser(checked.data);
      setValues(EMPTY);
      setState({ phase: "done", text: `Account ${user.id} created. Give them the password to sign in.` });
    } catch (error) {
      const failure = apiFailure(
        error,
        (status) => `The server could not create the account (HTTP ${status}).`,
      );
      setErrors(failure.fields ?? {});
      setState({ phase: "error", text: failure.message });
    }
  };
  const field = (name: keyof Fields, label: string, extra: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="admin-field">
      <label htmlFor={ids[name]} className="settings-field-label">
        {label}
      </label>
      <input
        id={ids[name]}
        className="input-field__input"
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        {...extra}
      />
      {errors[name] && (
        <span id={`${ids[name]}-error`} className="settings-status__error">
          {errors[name]}
        </span>
      )}
    </div>
  );
  return (
    <section id="admin-create-account" className="settings-section" aria-labelledby="admin-create-title">
      <h2 id="admin-create-title" className="settings-section__title">
        Create account
      </h2>
      <p className="settings-section__hint">
        {closed
          ? "Sign-up is closed: this is how people get an account."
          : "Make an account for someone and give them its initial password."}
      </p>
      <form aria-label="Create account" noValidate onSubmit={(e) => void submit(e)}>
        {field("username", "Username", { autoComplete: "off", autoCapitalize: "none", spellCheck: false })}
        {field("displayName", "Display name", { autoComplete: "off" })}
        {field("password", "Initial password", { type: "password", autoComplete: "new-password" })}
        <button type="submit" className="button button--primary" disabled={state.phase === "saving"}>
          Create account
        </button>
        <p className="settings-status" role="status" aria-live="polite" data-phase={state.phase}>
          {state.phase === "error" ? (
            <span className="settings-status__error">{state.text}</span>
          ) : (
            state.text
          )}
        </p>
      </form>
    </section>
  );
}
