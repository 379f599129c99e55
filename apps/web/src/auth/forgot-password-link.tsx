import { useEffect, useState } from "react";
import { Link } from "react-router";
import { loadConfig } from "../session/config";
import "../styles/passwords.css";

/** "Forgot password?" under the password field, when the server can email a reset link. */
export function ForgotPasswordLink() {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    loadConfig().then(
      (c) => live && setOffered(c.passwordResetByEmail),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!offered) return null;
  return (
    <p className="auth-form__aside">
      <Link to="/forgot-password">Forgot password?</Link>
    </p>
  );
}
