import { useId, useState } from "react";

/** A link shown once, with a button that copies it. */
export function InviteLink({ url, label = "Invite link" }: { url: string; label?: string }) {
  const id = useId();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <div className="admin-link">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="input-field__input"
        readOnly
        value={url}
        data-testid="invite-url"
        onFocus={(event) => event.target.select()}
      />
      <button type="button" className="button" onClick={() => void copy()}>
        Copy link
      </button>
      <span role="status" className="settings-section__hint">
        {copied === "yes" && "Copied"}
        {copied === "failed" && "Couldn't copy: select the link and copy it yourself"}
      </span>
    </div>
  );
}
