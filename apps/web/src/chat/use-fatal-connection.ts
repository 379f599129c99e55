import { useEffect } from "react";
import { useNavigate } from "react-router";
import { invalidSession } from "../session/connect";
import { authPath } from "../session/next-path";
import { useChatClient } from "./client-context";

/** Close codes after which the session is gone (auth failed, revoked, banned app-wide, deactivated). */
const SESSION_GONE = new Set<number | string>([4001, 4004, 4005, 4007]);

/** When the server refuses the token for good mid-session: the spec's message, cleared storage, /signin. */
export function useFatalConnectionErrors(): void {
  const client = useChatClient();
  const navigate = useNavigate();
  useEffect(() => {
    const sub = client.on("connection.error", (event) => {
      if (!SESSION_GONE.has(event.code)) return;
      invalidSession();
      const here = window.location.pathname + window.location.search;
      navigate(authPath("/signin", here), { replace: true });
    });
    return () => sub.unsubscribe();
  }, [client, navigate]);
}
