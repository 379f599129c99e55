import type { TwoFactorEnrolment, TwoFactorStatus } from "@parley/protocol";
import { useCallback, useEffect, useState } from "react";
import { confirmTwoFactor, startTwoFactor, twoFactorStatus } from "../../auth/two-factor-api";
import { FormAlert } from "../../components/form-alert";
import { EnrolPanel } from "../../two-factor/enrol-panel";
import { RecoveryCodes } from "../../two-factor/recovery-codes";
import { LoadError } from "../load-error";
import { TwoFactorOn } from "./two-factor-on";

type Phase =
  | { kind: "loading" }
  | { kind: "load-error"; message: string }
  | { kind: "status"; status: TwoFactorStatus }
  | { kind: "enrol"; enrolment: TwoFactorEnrolment }
  | { kind: "codes"; codes: string[] };

/** /settings/account: turn two-factor sign-in on (QR code, code, recovery codes) and manage it. */
export function TwoFactorSection() {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const outcome = await twoFactorStatus();
    setPhase(
      outcome.ok
        ? { kind: "status", status: outcome.value }
        : { kind: "load-error", message: outcome.error.message },
    );
  }, []);
  useEffect(() => void load(), [load]);
  const start = async () => {
    setError(null);
    const outcome = await startTwoFactor();
    if (outcome.ok) setPhase({ kind: "enrol", enrolment: outcome.value });
    else setError(outcome.error.message);
  };
  const showCodes = (codes: string[]) => setPhase({ kind: "codes", codes });
  return (
    <section
      className="settings-section"
      aria-labelledby="account-two-factor"
      data-testid="two-factor-section"
    >
      <h2 id="account-two-factor" className="settings-section__title">
        Two-factor sign-in
      </h2>
      <p className="settings-section__hint">
        After your password, Parley asks for a code from an authenticator app on your phone, so a stolen
        password is not enough to get in.
      </p>
      {phase.kind === "loading" && <p className="settings-state">Loading…</p>}
      {phase.kind === "load-error" && (
        <LoadError what="two-factor sign-in" error={phase.message} onRetry={() => void load()} />
      )}
      {phase.kind === "status" && !phase.status.enabled && (
        <div className="settings-row">
          <p className="settings-state" data-testid="two-factor-state">
            {phase.status.required
              ? "Off — this server requires it for your account: turn it on before you next sign in."
              : "Off."}
          </p>
          <button type="button" className="button button--primary" onClick={() => void start()}>
            Turn on
          </button>
        </div>
      )}
      {phase.kind === "status" && phase.status.enabled && (
        <TwoFactorOn status={phase.status} reload={() => void load()} showCodes={showCodes} />
      )}
      {phase.kind === "enrol" && (
        <EnrolPanel
          enrolment={phase.enrolment}
          onCancel={() => void load()}
          confirm={async (code) => {
            const outcome = await confirmTwoFactor(code);
            if (!outcome.ok) return outcome.error.message;
            showCodes(outcome.value.recovery_codes);
            return undefined;
          }}
        />
      )}
      {phase.kind === "codes" && <RecoveryCodes codes={phase.codes} onDone={() => void load()} />}
      {error && <FormAlert message={error} />}
    </section>
  );
}
