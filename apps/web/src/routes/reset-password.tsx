import {
  type ActionFunctionArgs,
  Form,
  Link,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
} from "react-router";
import { NewPasswordFields } from "../auth/new-password-fields";
import { confirmProblem, resetPassword, resetStatus } from "../auth/password-api";
import { ResetLinkRefused } from "../auth/reset-link-refused";
import { type FormFailure, useSubmission } from "../auth/use-submission";
import { AuthLayout } from "../components/auth-layout";
import { FormAlert } from "../components/form-alert";
import { StatusPage } from "../components/status-page";
import { loadConfig } from "../session/config";

const REFUSED = new Set(["reset_link_invalid", "reset_link_expired", "reset_link_used", "validation"]);

/**
 * Checks the link's token before the page shows, so a dead link gets its clear page at once. The
 * token is in the fragment (`#token=…`), which the browser never sends to a server.
 */
export async function loader() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
  const byEmail = await loadConfig().then(
    (c) => c.passwordResetByEmail,
    () => false,
  );
  if (!token) return { kind: "refused" as const, code: "reset_link_invalid", byEmail };
  const status = await resetStatus(token);
  if (status.ok) return { kind: "usable" as const, token, username: status.value.username, byEmail };
  if (status.code && REFUSED.has(status.code))
    return { kind: "refused" as const, code: status.code, byEmail };
  throw new Error(status.error.message);
}

/** A submission uses the link up: asking again would answer "used" for the page that just used it. */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod ? false : defaultShouldRevalidate;

type ActionData = { done: true } | { refused: string } | FormFailure;

export async function action({ request }: ActionFunctionArgs): Promise<ActionData> {
  const form = await request.formData();
  const value = (name: string) => String(form.get(name) ?? "");
  const fields = confirmProblem(value("new_password"), value("confirm_password"));
  if (fields) return { message: "Check the new password.", fields };
  const outcome = await resetPassword(value("token"), value("new_password"));
  if (outcome.ok) return { done: true };
  if (outcome.code?.startsWith("reset_link_")) return { refused: outcome.code };
  return { message: outcome.error.message, fields: outcome.error.fields ?? {} };
}

/** /reset-password#token=…: the page a reset link opens. */
export function Component() {
  const link = useLoaderData<typeof loader>();
  const { result, failed, busy, form } = useSubmission<ActionData>();
  if (link.kind === "refused") return <ResetLinkRefused code={link.code} byEmail={link.byEmail} />;
  if (result && "refused" in result) return <ResetLinkRefused code={result.refused} byEmail={link.byEmail} />;
  if (result && "done" in result)
    return (
      <StatusPage
        title="Your password was changed"
        actions={
          <Link className="button button--primary" to="/signin">
            Sign in
          </Link>
        }
      >
        <p>Every session of {link.username} was signed out. Sign in with the new password.</p>
      </StatusPage>
    );
  return (
    <AuthLayout
      title="Choose a new password"
      intro={`For the account ${link.username}. This link works once.`}
      footer={<Link to="/signin">Back to sign in</Link>}
    >
      <title>Reset password · Parley</title>
      <Form method="post" noValidate ref={form} className="auth-form" aria-label="Reset password">
        {failed && <FormAlert message={failed.message} />}
        <input type="hidden" name="token" value={link.token} />
        <NewPasswordFields fields={failed?.fields ?? {}} autoFocus />
        <button type="submit" className="button button--primary button--large button--block" disabled={busy}>
          {busy ? "Saving…" : "Set new password"}
        </button>
      </Form>
    </AuthLayout>
  );
}
