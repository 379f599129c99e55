import type { ResetLink } from "@parley/protocol";
import { useId, useState } from "react";
import { createResetLink } from "../auth/password-api";
import "../styles/auth.css";
import "../styles/passwords.css";

type State =
  | { kind: "idle" }
  | { kind: "creating" }
  | { kind: "made"; link: ResetLink; copied: boolean }
  | { kind: "error"; message: string };

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * Admins: "Create reset link" for one user. The link is shown once (only its hash is stored),
 * with a copy button; a newer link replaces it.
 */
export function ResetLinkButton({ userId }: { userId: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const urlId = useId();
  const create = async () => {
    setState({ kind: "creating" });
    const outcome = await createResetLink(userId);
    setState(
      outcome.ok
        ? { kind: "made", link: outcome.value, copied: false }
        : { kind: "error", message: outcome.error.message },
    );
  };
  const copy = async (link: ResetLink) => {
    try {
      await navigator.clipboard.writeText(link.url);
      setState({ kind: "made", link, copied: true });
    } catch {
      setState({ kind: "error", message: "Copying failed: select the link and copy it yourself." });
    }
  };
  if (state.kind === "made")
    return (
      <div className="reset-link" data-testid="reset-link">
        <label className="field__label" htmlFor={urlId}>
          Password reset link for {userId}
        </label>
        <div className="reset-link__row">
          <input
            id={urlId}
            className="field__input reset-link__url"
            readOnly
            value={state.link.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="button"
            aria-label={`${state.copied ? "Copied" : "Copy"} the reset link for ${userId}`}
            onClick={() => void copy(state.link)}
          >
            {state.copied ? "Copied" : "Copy"}
          </button>
        </div>
        <p className="reset-link__note" role="status">
          Shown only now. It works once, until {timeOf(state.link.expires_at)}; send it to {userId} privately.
        </p>
      </div>
    );
  return (
    <div className="reset-link">
      <button
        type="button"
        className="button"
        disabled={state.kind === "creating"}
        aria-label={`Create reset link for ${userId}`}
        onClick={() => void create()}
      >
        {state.kind === "creating" ? "Creating…" : "Create reset link"}
      </button>
      {state.kind === "error" && (
        <p className="reset-link__error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
