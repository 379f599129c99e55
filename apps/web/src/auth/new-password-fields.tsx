import { TextField } from "../components/text-field";

/** The new password and its confirmation, as the change and reset forms ask for them. */
export function NewPasswordFields({
  fields,
  autoFocus,
}: {
  fields: Record<string, string>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        name="new_password"
        type="password"
        label="New password"
        hint="At least 8 characters; not a common password or your username."
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        error={fields.new_password}
        autoFocus={autoFocus}
      />
      <TextField
        name="confirm_password"
        type="password"
        label="Confirm new password"
        autoComplete="new-password"
        error={fields.confirm_password}
      />
    </>
  );
}
