import { useRef } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { type AuthActionData, signinAction } from "../auth/auth-actions";
import { useFocusOnError } from "../auth/use-focus-on-error";
import { AuthLayout } from "../components/auth-layout";
import { FormAlert } from "../components/form-alert";
import { TextField } from "../components/text-field";
import { isSubmitting } from "../lib/navigation";
import { useSearchParam } from "../lib/search-param";
import { authPath } from "../session/next-path";

export const action = signinAction;

/** /signin: sign in to an existing account. */
export function Component() {
  const result = useActionData<AuthActionData>();
  const busy = isSubmitting(useNavigation());
  const next = useSearchParam("next");
  const form = useRef<HTMLFormElement>(null);
  useFocusOnError(form, result);
  const fields = result?.error.fields ?? {};

  return (
    <AuthLayout
      title="Sign in to Parley"
      intro="Welcome back."
      footer={
        <>
          New to Parley? <Link to={authPath("/join", next)}>Create an account</Link>
        </>
      }
    >
      <title>Sign in · Parley</title>
      <Form method="post" noValidate ref={form} className="auth-form" aria-label="Sign in">
        {result && <FormAlert message={result.error.message} />}
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          error={fields.username}
          autoFocus
        />
        <TextField
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          error={fields.password}
        />
        <button type="submit" className="button button--primary button--large button--block" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
    </AuthLayout>
  );
}
