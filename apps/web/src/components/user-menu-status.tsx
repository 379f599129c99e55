import { shownStatus } from "@parley/client";
import { useEffect, useRef, useState } from "react";
import { useChatClient, useClientState } from "../chat/client-context";
import { useNow } from "../chat/use-now";
import { untilText } from "./user-status";
import { PAUSE_CHOICES } from "./user-status-times";

interface UserMenuStatusProps {
  /** Closes the menu, then runs the action. */
  choose: (action: () => void) => () => void;
  onSetStatus: () => void;
}

/**
 * The user menu's status and Do Not Disturb items: set or edit the status, clear it, pause
 * notifications for a while (the end times open under the item) or resume them.
 */
export function UserMenuStatus({ choose, onSetStatus }: UserMenuStatusProps) {
  const client = useChatClient();
  const { user } = useClientState();
  const now = useNow();
  const [pausing, setPausing] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pausing) first.current?.focus();
  }, [pausing]);
  const status = shownStatus(user, now.getTime());
  const dnd =
    user?.notify?.dnd_until && Date.parse(user.notify.dnd_until) > now.getTime()
      ? user.notify.dnd_until
      : undefined;
  const pause = (until: Date | null) =>
    choose(() => void client.notifications.update({ dnd_until: until }).catch(() => undefined));
  const label = status ? [status.emoji, status.text].filter(Boolean).join(" ") : "";

  return (
    <>
      <button type="button" role="menuitem" className="user-menu__item" onClick={choose(onSetStatus)}>
        {status ? "Edit status" : "Set a status"}
        {status && <span className="user-menu__status">{label}</span>}
      </button>
      {status && (
        <button
          type="button"
          role="menuitem"
          className="user-menu__item"
          onClick={choose(() => void client.clearStatus().catch(() => undefined))}
        >
          Clear status
        </button>
      )}
      {dnd ? (
        <button type="button" role="menuitem" className="user-menu__item" onClick={pause(null)}>
          Resume notifications
          <span className="user-menu__status">Paused {untilText(dnd, now)}</span>
        </button>
      ) : (
        <button
          type="button"
          role="menuitem"
          className="user-menu__item"
          aria-expanded={pausing}
          onClick={() => setPausing((p) => !p)}
        >
          Pause notifications
        </button>
      )}
      {!dnd &&
        pausing &&
        PAUSE_CHOICES.map((c, i) => (
          <button
            key={c.label}
            ref={i === 0 ? first : undefined}
            type="button"
            role="menuitem"
            className="user-menu__item user-menu__item--nested"
            onClick={pause(c.until(new Date()))}
          >
            {c.label}
          </button>
        ))}
    </>
  );
}
