import type { ChatClient } from "@parley/client";
import { DevicesList } from "./devices-list";
import { TestPush } from "./test-push";
import { type PushDevice, usePushDevice } from "./use-push-device";

interface PushSectionProps {
  client: ChatClient;
  userId: string;
  pushAvailable: boolean;
}

/** Push notifications on this device (when the tab is closed), the other devices and a test. */
export function PushSection({ client, userId, pushAvailable }: PushSectionProps) {
  const push = usePushDevice(client, userId, pushAvailable);
  return (
    <section
      className="settings-section"
      aria-labelledby="settings-push"
      aria-busy={push.status === "loading"}
    >
      <h2 id="settings-push" className="settings-section__title">
        Push notifications
      </h2>
      <p className="settings-section__hint">
        Notifications that reach you when Parley is not open, on each device where you enable them.
      </p>
      <div className="settings-subsection" data-testid="push-device" data-status={push.status}>
        <h3 className="settings-subsection__title">This device</h3>
        <ThisDevice push={push} />
        {push.error && (
          <p className="settings-status settings-status__error" role="alert">
            {push.error.kind === "subscribe"
              ? `This browser could not subscribe to push (${push.error.message}).`
              : `Couldn't change push on this device: ${push.error.message}`}
          </p>
        )}
      </div>
      {push.status !== "unavailable" && <DevicesList push={push} />}
      {push.status !== "unavailable" && <TestPush client={client} />}
    </section>
  );
}

function ThisDevice({ push }: { push: PushDevice }) {
  switch (push.status) {
    case "loading":
      return <p className="settings-section__hint">Checking this browser…</p>;
    case "unsupported":
      return (
        <p className="settings-state">
          This browser cannot receive push notifications. Parley still notifies you while a tab is open.
        </p>
      );
    case "unavailable":
      return <p className="settings-state">This server does not send push notifications.</p>;
    case "blocked":
      return (
        <p className="settings-state">
          Notifications are blocked for this site in your browser. To allow them, open the site settings (the
          icon at the left of the address bar), set Notifications to Allow, then reload this page.
        </p>
      );
    case "on":
      return (
        <div className="settings-row">
          <p className="settings-state">Enabled on this device.</p>
          <button type="button" className="button" disabled={push.busy} onClick={push.disable}>
            {push.busy ? "Turning off…" : "Turn off on this device"}
          </button>
        </div>
      );
    case "off":
      return (
        <div className="settings-row">
          <p className="settings-state">Not enabled on this device.</p>
          <button type="button" className="button button--primary" disabled={push.busy} onClick={push.enable}>
            {push.busy ? "Enabling…" : "Enable notifications on this device"}
          </button>
        </div>
      );
  }
}
