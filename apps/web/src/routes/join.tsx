import { useRef } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { type AuthActionData, signupAction } from "../auth/auth-actions";
import { useFocusOnError } from "../auth/use-focus-on-error";
import { AuthLayout } from "../components/auth-layout";
import { FormAlert } from "../components/form-alert";
import { TextField } from "../components/text-field";
import { isSubmitting } from "../lib/navigation";
import { useSearchParam } from "../lib/search-param";
import { authPath } from "../session/next-path";

export const action = signupAction;

/** /join: create an account. */
export function Component() {
  const result = useActionData<AuthActionData>();
  const busy = isSubmitting(useNavigation());
  const next = useSearchParam("next");
  const form = useRef<HTMLFormElement>(null);
  useFocusOnError(form, result);
  const fields = result?.error.fields ?? {};

  return (
    <AuthLayout
      title="Create your account"
      intro="Join the conversation. It takes a few seconds."
      footer={
        <>
          Already have an account? <Link to={authPath("/signin", next)}>Sign in</Link>
        </>
      }
    >
      <title>Sign up · Parley</title>
      <Form method="post" noValidate ref={form} className="auth-form" aria-label="Sign up">
        {result && <FormAlert message={result.error.message} />}
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={32}
          hint="3–32 characters: lowercase letters, digits, _ and -. It is your sign-in name."
          error={fields.username}
          autoFocus
        />
        <TextField
          name="displayName"
          label="Display name"
          autoComplete="name"
          maxLength={64}
          hint="How others see you, e.g. Ada Lovelace."
          error={fields.displayName}
        />
        <TextField
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          maxLength={128}
          hint="At least 8 characters."
          error={fields.password}
        />
        <TextField
          name="profilePicture"
          type="url"
          label="Profile picture URL"
          optional
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://"
          hint="A link to an image. Leave it empty to show your initials."
          error={fields.profilePicture}
        />
        <button type="submit" className="button button--primary button--large button--block" disabled={busy}>
          {busy ? "Creating account…" : "Create account"}
        </button>
      </Form>
    </AuthLayout>
  );
}
