import type { PushSubscriptionResponse } from "@parley/protocol";
import { fullDate } from "../chat/relative-time";
import { deviceName } from "./device-name";
import { LoadError } from "./load-error";
import type { PushDevice } from "./use-push-device";

/** The user's other devices that receive push, each with Remove. */
export function DevicesList({ push }: { push: PushDevice }) {
  const others = push.devices?.filter((d) => d.id !== push.thisDevice) ?? null;
  return (
    <div className="settings-subsection">
      <h3 className="settings-subsection__title">Your other devices</h3>
      {push.devicesError && <LoadError what="your devices" error={push.devicesError} onRetry={push.reload} />}
      {!others && !push.devicesError && <p className="settings-section__hint">Loading devices…</p>}
      {others?.length === 0 && (
        <p className="settings-section__hint">No other device gets push notifications.</p>
      )}
      {others && others.length > 0 && (
        <ul className="settings-devices" data-testid="push-devices">
          {others.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              busy={push.busy}
              onRemove={() => push.remove(device.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeviceRow(props: { device: PushSubscriptionResponse; busy: boolean; onRemove: () => void }) {
  const { device } = props;
  const name = deviceName(device.user_agent);
  return (
    <li className="settings-device">
      <span className="settings-device__text">
        <span className="settings-device__name">{name}</span>
        <span className="settings-section__hint">
          Added <time dateTime={device.created_at}>{fullDate(device.created_at)}</time> · through{" "}
          {device.endpoint_origin.replace(/^https?:\/\//, "")}
        </span>
      </span>
      <button
        type="button"
        className="button"
        disabled={props.busy}
        aria-label={`Remove ${name}, added ${fullDate(device.created_at)}`}
        onClick={props.onRemove}
      >
        Remove
      </button>
    </li>
  );
}
