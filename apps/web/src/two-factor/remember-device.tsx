import { useId } from "react";
import "../styles/notification-settings.css";

/** "Remember this device for 30 days": the next sign-ins here skip the second step. */
export function RememberDevice() {
  const id = useId();
  return (
    <div className="settings-check two-factor-remember">
      <input id={id} type="checkbox" name="remember_device" className="settings-checkbox" />
      <label htmlFor={id}>Remember this device for 30 days</label>
    </div>
  );
}

export const rememberOf = (form: FormData) => form.get("remember_device") === "on";
