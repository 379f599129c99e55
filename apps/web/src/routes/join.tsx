import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "react-router";
import { type AuthActionData, signupAction } from "../auth/auth-actions";
import { useFocusOnError } from "../auth/use-focus-on-error";
import { AuthLayout } from "../components/auth-layout";
import { FormAlert } from "../components/form-alert";
import { TextField } from "../components/text-field";
import { InviteCard } from "../join/invite-card";
import { InviteRefused, SignupUnavailable } from "../join/join-closed";
import { type JoinState, joinLoader } from "../join/join-loader";
import { isSubmitting } from "../lib/navigation";
import { useSearchParam } from "../lib/search-param";
import { authPath } from "../session/next-path";
import { SsoSignin } from "../sso/sso-signin";
import "../join/join.css";

export const loader = joinLoader;
export const action = signupAction;

/** /join (`?invite=` from an invite link): create an account, as the sign-up mode allows. */
export function Component() {
  const { mode, invite } = useLoaderData<JoinState>();
  useReloadOnHashChange();
  if (invite.kind === "refused") return <InviteRefused code={invite.code} />;
  if (invite.kind === "none" && (mode === "invite" || mode === "closed"))
    return <SignupUnavailable mode={mode} />;
  return <SignupForm invite={invite} />;
}

/** An invite link opened over this page changes only the fragment, which runs no loader by itself. */
function useReloadOnHashChange() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const reload = () => void revalidate();
    window.addEventListener("hashchange", reload);
    return () => window.removeEventListener("hashchange", reload);
  }, [revalidate]);
}

function SignupForm({ invite }: { invite: JoinState["invite"] }) {
  const result = useActionData<AuthActionData>();
  const busy = isSubmitting(useNavigation());
  const next = useSearchParam("next");
  const form = useRef<HTMLFormElement>(null);
  useFocusOnError(form, result);
  const fields = result?.error.fields ?? {};
  const token = invite.kind === "valid" || invite.kind === "failed" ? invite.token : undefined;
  // After joining, the invite's first channel opens (unless the link said where to go).
  const first = invite.kind === "valid" ? invite.preview.channels[0]?.cid : undefined;
  const after = next ?? (first ? `/c/${first}` : null);
  const formAction = token
    ? `/join?invite=${encodeURIComponent(token)}${after ? `&next=${encodeURIComponent(after)}` : ""}`
    : undefined;

  return (
    <AuthLayout
      title="Create your account"
      intro={
        invite.kind === "valid"
          ? "You have an invite. Choose how you sign in."
          : "Join the conversation. It takes a few seconds."
      }
      footer={
        <>
          Already have an account? <Link to={authPath("/signin", next)}>Sign in</Link>
        </>
      }
    >
      <title>Sign up · Parley</title>
      {invite.kind === "valid" && <InviteCard invite={invite.preview} />}
      {invite.kind === "failed" && (
        <p className="invite-card__text" role="alert">
          The invite could not be checked ({invite.message}). You can still try to sign up with it.
        </p>
      )}
      <SsoSignin page="join" next={next}>
        <Form
          method="post"
          action={formAction}
          noValidate
          ref={form}
          className="auth-form"
          aria-label="Sign up"
        >
          {result && <FormAlert message={result.error.message} />}
          {token && <input type="hidden" name="invite" value={token} />}
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
          <button
            type="submit"
            className="button button--primary button--large button--block"
            disabled={busy}
          >
            {busy ? "Creating account…" : "Create account"}
          </button>
        </Form>
      </SsoSignin>
    </AuthLayout>
  );
}
