import { TextField } from "../components/text-field";

interface CodeFieldProps {
  label?: string;
  error?: string | undefined;
  autoFocus?: boolean;
  optional?: boolean;
}

/** The six digits from an authenticator app: the keyboard, autofill and password managers know it. */
export function CodeField({ label = "Authentication code", error, autoFocus, optional }: CodeFieldProps) {
  return (
    <TextField
      name="code"
      label={label}
      hint="The 6-digit code your authenticator app shows for Parley."
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={8}
      spellCheck={false}
      error={error}
      autoFocus={autoFocus}
      optional={optional}
    />
  );
}

/** The form's `code` value without the spaces people type between the groups. */
export const codeOf = (form: FormData) => String(form.get("code") ?? "").replace(/\s+/g, "");

/** A field error when the code is not six digits, before anything is sent. */
export const codeProblem = (code: string) =>
  /^\d{6}$/.test(code) ? undefined : "Enter the 6 digits of the code.";
