import type { TwoFactorEnrolment } from "@parley/protocol";
import { FormAlert } from "../components/form-alert";
import { CodeField, codeOf, codeProblem } from "./code-field";
import { QrCode } from "./qr-code";
import { useStepForm } from "./use-step-form";
import "../styles/two-factor.css";

interface EnrolPanelProps {
  enrolment: TwoFactorEnrolment;
  /** Sends the code; answers the error to show, or undefined once it was taken. */
  confirm: (code: string, form: FormData) => Promise<string | undefined>;
  /** More fields for the form (remember this device). */
  extra?: React.ReactNode;
  onCancel?: () => void;
}

/** Step 1 scan (or type the secret), step 2 enter a code: what turning two-factor sign-in on takes. */
export function EnrolPanel({ enrolment, confirm, extra, onCancel }: EnrolPanelProps) {
  const { error, busy, form, onSubmit } = useStepForm(
    (data) => codeProblem(codeOf(data)),
    (data) => confirm(codeOf(data), data),
  );
  return (
    <div className="two-factor-enrol" data-testid="two-factor-enrol">
      <ol className="two-factor-steps">
        <li>
          <p>
            Scan this QR code with an authenticator app (such as 2FAS, Aegis, Google Authenticator or
            1Password).
          </p>
          <QrCode svg={enrolment.qr_svg} />
          <p className="two-factor-hint">Can't scan it? Enter this key in the app instead:</p>
          <p>
            <code className="two-factor-secret" data-testid="two-factor-secret">
              {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
            </code>
          </p>
        </li>
        <li>
          <p>Enter the code the app shows to finish.</p>
          <form ref={form} className="auth-form" noValidate onSubmit={onSubmit} aria-label="Confirm code">
            {error && !error.field && <FormAlert message={error.message} />}
            <CodeField error={error?.field} />
            {extra}
            <div className="two-factor-actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? "Checking…" : "Turn on"}
              </button>
              {onCancel && (
                <button type="button" className="button" onClick={onCancel}>
                  Cancel
                </button>
              )}
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
