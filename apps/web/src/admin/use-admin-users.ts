import type { AdminAccount } from "@parley/protocol";
import { useCallback, useEffect, useState } from "react";
import { type Action, useAction } from "../lib/use-action";
import { useLoaded } from "../lib/use-loaded";
import { accounts } from "../session/accounts";

export interface AdminUsersModel {
  users: AdminAccount[] | null;
  query: string;
  setQuery: (q: string) => void;
  loadError: string | null;
  reload: () => void;
  /** The outcome of the last action, for the status line: "Signed Ada out of 2 sessions." */
  notice: string | null;
  action: Action;
  signOut: (user: AdminAccount) => Promise<void>;
  setDeactivated: (user: AdminAccount, deactivated: boolean) => Promise<void>;
}

/** `q` once typing has paused for `ms`. */
function useSettled(q: string, ms: number): string {
  const [settled, setSettled] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(q), ms);
    return () => clearTimeout(timer);
  }, [q, ms]);
  return settled;
}

/** The accounts an admin manages, searched by username or name, through the SDK. */
export function useAdminUsers(): AdminUsersModel {
  const [query, setQuery] = useState("");
  const q = useSettled(query.trim(), 200);
  const load = useCallback(
    () => accounts.adminListUsers({ query: q ? { q } : {} }).then((answer) => answer.users),
    [q],
  );
  const { value, loadError, reload } = useLoaded(load);
  const action = useAction(reload);
  const [notice, setNotice] = useState<string | null>(null);
  const act = async (call: () => Promise<string>) => {
    const said = await action.run(call);
    if (said) setNotice(said);
  };
  return {
    users: value,
    query,
    setQuery,
    loadError,
    reload,
    notice,
    action,
    signOut: (user) =>
      act(async () => {
        const { revoked } = await accounts.adminSignOutUser(user.id);
        return `Signed ${user.displayName} out of ${revoked === 1 ? "1 session" : `${revoked} sessions`}.`;
      }),
    setDeactivated: (user, deactivated) =>
      act(async () => {
        await accounts.adminSetDeactivated(user.id, deactivated);
        return deactivated ? `${user.displayName} is deactivated.` : `${user.displayName} can sign in again.`;
      }),
  };
}
