import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { safeNextPath } from "../session/next-path";
import { LINK_PATH, pendingLink, savePendingLink } from "./sso-link";

/**
 * On /signin#sso_link=…: keeps the link (sso-link.ts), takes it out of the address bar, and has
 * the sign-in go on to /sso?link=1, which links the account. Answers whether a link is pending.
 */
export function usePendingLink(next: string | null): boolean {
  const navigate = useNavigate();
  const [pending, setPending] = useState(() => next === LINK_PATH && pendingLink() !== null);
  useEffect(() => {
    const code = new URLSearchParams(window.location.hash.slice(1)).get("sso_link");
    if (!code) return;
    savePendingLink({ code, next: safeNextPath(next) });
    setPending(true);
    navigate(`/signin?next=${encodeURIComponent(LINK_PATH)}`, { replace: true });
  }, [navigate, next]);
  return pending;
}
