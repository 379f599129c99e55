import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { StatusPage } from "../components/status-page";
import { markOfflinePageShown, useOnline } from "./network-status";

/**
 * Retries while the network is there but the server is not: 2 s, 4 s, 8 s, then every 10 s. A
 * restart or a deploy is the usual cause, so the page should open within seconds of the server's
 * return; one small request every 10 s per open tab costs the server nothing.
 */
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 10_000;

/**
 * The page that could not load without a network, in place of an error page: it says so, and
 * loads again by itself when the network is back (or at once, with "Try again").
 */
export function OfflinePage() {
  const online = useOnline();
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const idle = revalidator.state === "idle";
  // Online but the last attempt got no answer: the server is out of reach. What the page says
  // changes only once an attempt is over, not while one runs.
  const [unreachable, setUnreachable] = useState(online);
  useEffect(() => {
    if (idle) setUnreachable(online);
  }, [idle, online]);

  useEffect(() => markOfflinePageShown(), []);
  useEffect(() => {
    const retry = () => void revalidate();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [revalidate]);
  useBackoffRetries(online && idle, revalidate);

  return (
    <StatusPage
      title={unreachable ? "Can't reach Parley — reconnecting" : "You're offline — reconnecting"}
      actions={
        <button type="button" className="button button--primary" onClick={() => void revalidate()}>
          Try again
        </button>
      }
    >
      <p role="status" data-testid="offline-page">
        {unreachable
          ? "The server does not answer yet. Parley keeps trying and opens as soon as it does."
          : "Parley opens by itself as soon as your network is back."}
      </p>
    </StatusPage>
  );
}

/** Calls `retry` after a delay that doubles each time `active` turns true again. */
function useBackoffRetries(active: boolean, retry: () => Promise<void>): void {
  const attempts = useRef(0);
  useEffect(() => {
    if (!active) return;
    const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempts.current);
    attempts.current += 1;
    const timer = setTimeout(() => void retry(), delay);
    return () => clearTimeout(timer);
  }, [active, retry]);
}
