import { useRef } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { type AuthActionData, signinAction } from "../auth/auth-actions";
import { ForgotPasswordLink } from "../auth/forgot-password-link";
import type { SecondStepData } from "../auth/second-step";
import { useFocusOnError } from "../auth/use-focus-on-error";
import { AuthLayout } from "../components/auth-layout";
import { FormAlert } from "../components/form-alert";
import { TextField } from "../components/text-field";
import { isSubmitting } from "../lib/navigation";
import { useSearchParam } from "../lib/search-param";
import { authPath } from "../session/next-path";
import { SsoSignin } from "../sso/sso-signin";
import { TwoFactorSignin } from "../two-factor/two-factor-signin";

export const action = signinAction;

/** /signin: sign in to an existing account. */
export function Component() {
  const data = useActionData<AuthActionData | SecondStepData>();
  const result = data && "error" in data ? data : undefined;
  const busy = isSubmitting(useNavigation());
  const next = useSearchParam("next");
  const form = useRef<HTMLFormElement>(null);
  useFocusOnError(form, result);
  const fields = result?.error.fields ?? {};
  if (data && "secondStep" in data) return <TwoFactorSignin step={data.secondStep} next={data.next} />;

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
      <SsoSignin page="signin" next={next}>
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
          <ForgotPasswordLink />
          <button
            type="submit"
            className="button button--primary button--large button--block"
            disabled={busy}
          >
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
      </SsoSignin>
    </AuthLayout>
  );
}
