import type { TwoFactorEnrolment, TwoFactorSigninResponse } from "@parley/protocol";
import { useEffect, useRef, useState } from "react";
import { challengeEnrolment, secondStep } from "../auth/two-factor-api";
import { FormAlert } from "../components/form-alert";
import { EnrolPanel } from "./enrol-panel";
import { RecoveryCodes } from "./recovery-codes";
import { RememberDevice, rememberOf } from "./remember-device";
import "../styles/notification-settings.css";

interface SigninEnrolmentProps {
  challenge: string;
  signedIn: (answer: TwoFactorSigninResponse) => void;
  go: () => void;
}

type Phase =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "enrol"; enrolment: TwoFactorEnrolment }
  | { kind: "codes"; codes: string[] };

/** Enrolment the server requires before the session: secret, code, then the recovery codes. */
export function SigninEnrolment({ challenge, signedIn, go }: SigninEnrolmentProps) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  // Each start replaces the secret: start once, even when an effect runs twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void challengeEnrolment(challenge).then((outcome) =>
      setPhase(
        outcome.ok
          ? { kind: "enrol", enrolment: outcome.value }
          : { kind: "failed", message: outcome.error.message },
      ),
    );
  }, [challenge]);
  if (phase.kind === "loading")
    return (
      <p className="settings-state" aria-busy="true">
        Preparing…
      </p>
    );
  if (phase.kind === "failed") return <FormAlert message={phase.message} />;
  if (phase.kind === "codes")
    return <RecoveryCodes codes={phase.codes} onDone={go} doneLabel="Continue to Parley" />;
  return (
    <EnrolPanel
      enrolment={phase.enrolment}
      extra={<RememberDevice />}
      confirm={async (code, form) => {
        const outcome = await secondStep({ challenge, code, remember_device: rememberOf(form) });
        if (!outcome.ok) return outcome.error.message;
        signedIn(outcome.value);
        setPhase({ kind: "codes", codes: outcome.value.recovery_codes ?? [] });
        return undefined;
      }}
    />
  );
}
