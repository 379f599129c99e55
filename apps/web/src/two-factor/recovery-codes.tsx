import { useState } from "react";
import "../styles/notification-settings.css";
import "../styles/two-factor.css";

interface RecoveryCodesProps {
  codes: readonly string[];
  onDone: () => void;
  doneLabel?: string;
}

/** The ten recovery codes, shown this once: copy them, download them, then go on. */
export function RecoveryCodes({ codes, onDone, doneLabel = "I saved them" }: RecoveryCodesProps) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const text = `Parley recovery codes — each signs you in once.\n\n${codes.join("\n")}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div className="two-factor-codes" data-testid="recovery-codes">
      <h3 className="settings-subsection__title">Save your recovery codes</h3>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from the app.{" "}
        <strong>They are shown only now.</strong> Keep them somewhere safe, like a password manager.
      </p>
      <ol className="two-factor-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy
        </button>
        <a
          className="button"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="parley-recovery-codes.txt"
        >
          Download
        </a>
        <button type="button" className="button button--primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
      <p className="settings-status" role="status" aria-live="polite">
        {copied === "copied" && "Copied to the clipboard."}
        {copied === "failed" && "Couldn't copy: select the codes and copy them, or download them."}
      </p>
    </div>
  );
}
