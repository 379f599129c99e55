import type { SessionInfo } from "@parley/protocol";
import { type Action, useAction } from "../../lib/use-action";
import { useLoaded } from "../../lib/use-loaded";
import { accounts } from "../../session/accounts";

export interface SessionsModel {
  sessions: SessionInfo[] | null;
  loadError: string | null;
  reload: () => void;
  action: Action;
  revoke: (id: string) => Promise<void>;
  revokeOthers: () => Promise<number | undefined>;
}

const load = () => accounts.listSessions().then((answer) => answer.sessions);

/** The signed-in user's sessions through the SDK, loaded again after each revoke. */
export function useSessions(): SessionsModel {
  const { value, loadError, reload } = useLoaded(load);
  const action = useAction(reload);
  return {
    sessions: value,
    loadError,
    reload,
    action,
    revoke: async (id) => {
      await action.run(() => accounts.revokeSession(id));
    },
    revokeOthers: async () => (await action.run(() => accounts.revokeOtherSessions()))?.revoked,
  };
}
