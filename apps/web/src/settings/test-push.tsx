import type { ChatClient } from "@parley/client";
import { useState } from "react";
import { errorText } from "./save-state";

type Result = { kind: "sending" } | { kind: "sent"; devices: number } | { kind: "error"; message: string };

function resultText(result: Result): string {
  if (result.kind === "sending") return "Sending…";
  if (result.kind === "error") return `Couldn't send it: ${result.message}`;
  if (result.devices === 0) return "No device of yours gets push notifications yet: enable them first.";
  return `Sent to ${result.devices === 1 ? "1 device" : `${result.devices} devices`}.`;
}

/** "Send a test notification" to every device of the user, and what came of it. */
export function TestPush({ client }: { client: ChatClient }) {
  const [result, setResult] = useState<Result | null>(null);
  const send = () => {
    setResult({ kind: "sending" });
    client.notifications.test().then(
      (devices) => setResult({ kind: "sent", devices }),
      (e: unknown) => setResult({ kind: "error", message: errorText(e) }),
    );
  };
  return (
    <div className="settings-row">
      <button type="button" className="button" disabled={result?.kind === "sending"} onClick={send}>
        Send a test notification
      </button>
      <p
        className={result?.kind === "error" ? "settings-status settings-status__error" : "settings-status"}
        role="status"
        aria-live="polite"
        data-testid="test-push-result"
      >
        {result && resultText(result)}
      </p>
    </div>
  );
}
