import { NavLink } from "react-router";
import { useClientState } from "../chat/client-context";
import "./threads.css";

/** The sidebar's link to the threads inbox, with the unread thread replies as a badge. */
export function ThreadsLink() {
  const { unreadThreadReplies: n } = useClientState();
  const label = n > 0 ? `Threads, ${n} unread ${n === 1 ? "reply" : "replies"}` : "Threads";
  return (
    <NavLink to="/threads" className="threads-link" aria-label={label} data-testid="threads-link">
      <svg className="threads-link__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M4 5h16v10H8l-4 4V5zm4 4h8M8 12h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="threads-link__label">Threads</span>
      {n > 0 && (
        <span className="badge" data-testid="threads-badge" aria-hidden="true">
          {n > 99 ? "99+" : n}
        </span>
      )}
    </NavLink>
  );
}
