import { type ActionFunctionArgs, Form, Link } from "react-router";
import { requestReset } from "../auth/password-api";
import { type FormFailure, useSubmission } from "../auth/use-submission";
import { AuthLayout } from "../components/auth-layout";
import { FormAlert } from "../components/form-alert";
import { StatusPage } from "../components/status-page";
import { TextField } from "../components/text-field";

type ActionData = { sent: true } | FormFailure;

export async function action({ request }: ActionFunctionArgs): Promise<ActionData> {
  const who = String((await request.formData()).get("username_or_email") ?? "").trim();
  if (!who)
    return {
      message: "Enter your username or email address.",
      fields: { username_or_email: "Enter your username or email address." },
    };
  const outcome = await requestReset(who);
  if (outcome.ok) return { sent: true };
  if (outcome.code === "bad_request")
    return { message: "This server does not send email. Ask an administrator for a reset link.", fields: {} };
  return { message: outcome.error.message, fields: outcome.error.fields ?? {} };
}

/** /forgot-password: ask for a reset link by email (offered when the server sends email). */
export function Component() {
  const { result, failed, busy, form } = useSubmission<ActionData>();
  if (result && "sent" in result)
    return (
      <StatusPage
        title="Check your email"
        actions={
          <Link className="button button--primary" to="/signin">
            Back to sign in
          </Link>
        }
      >
        <p data-testid="reset-requested">
          If an account matches, we sent a link to its confirmed email address. The link works once, for an
          hour.
        </p>
        <p>Nothing arrived? Check your spam folder, or ask an administrator for a reset link.</p>
      </StatusPage>
    );
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="We will email a link to choose a new one to the confirmed address of your account."
      footer={<Link to="/signin">Back to sign in</Link>}
    >
      <title>Forgot password · Parley</title>
      <Form method="post" noValidate ref={form} className="auth-form" aria-label="Ask for a reset link">
        {failed && <FormAlert message={failed.message} />}
        <TextField
          name="username_or_email"
          label="Username or email address"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          error={failed?.fields.username_or_email}
          autoFocus
        />
        <button type="submit" className="button button--primary button--large button--block" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </button>
      </Form>
    </AuthLayout>
  );
}
