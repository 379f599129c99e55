import type { TwoFactorSigninResponse } from "@parley/protocol";
import { useNavigate } from "react-router";
import type { SecondStep } from "../auth/second-step";
import { keepDeviceToken } from "../auth/two-factor-api";
import { AuthLayout } from "../components/auth-layout";
import { saveSession } from "../session/storage";
import { CodeStep } from "./code-step";
import { SigninEnrolment } from "./signin-enrolment";

interface TwoFactorSigninProps {
  step: SecondStep;
  /** Where to go once signed in. */
  next: string;
}

/** /signin after the password: the second factor, or setting one up when the server requires it. */
export function TwoFactorSignin({ step, next }: TwoFactorSigninProps) {
  const navigate = useNavigate();
  const signedIn = (answer: TwoFactorSigninResponse) => saveSession(keepDeviceToken(answer));
  const go = () => navigate(next, { replace: true });
  const enrol = step.kind === "enrol";
  return (
    <AuthLayout
      title={enrol ? "Set up two-factor sign-in" : "Two-factor sign-in"}
      intro={
        enrol
          ? "This server asks your account for a second step when signing in: set up an authenticator app now."
          : "Enter the code from your authenticator app to finish signing in."
      }
      footer={
        // A new navigation drops the password step's answer: the sign-in form again.
        <a href="/signin">Start over</a>
      }
    >
      <title>{enrol ? "Set up two-factor sign-in · Parley" : "Two-factor sign-in · Parley"}</title>
      {enrol ? (
        <SigninEnrolment challenge={step.challenge} signedIn={signedIn} go={go} />
      ) : (
        <CodeStep
          challenge={step.challenge}
          done={(answer) => {
            signedIn(answer);
            go();
          }}
        />
      )}
    </AuthLayout>
  );
}
