import type { CreateInviteBody, Invite } from "@parley/protocol";
import { useCallback, useState } from "react";
import { useLoaded } from "../lib/use-loaded";
import { accounts } from "../session/accounts";

export interface InvitesModel {
  invites: Invite[] | null;
  loadError: string | null;
  reload: () => void;
  /** The links made on this page, by invite id: a link is answered once, only its hash is kept. */
  links: ReadonlyMap<string, string>;
  create: (body: CreateInviteBody) => Promise<string>;
  revoke: (id: string) => Promise<void>;
}

const load = () => accounts.listInvites().then((answer) => answer.invites);

/** Invites (`/api/invites`) through the SDK: every one for an admin. */
export function useInvites(): InvitesModel {
  const { value, loadError, reload, set } = useLoaded(load);
  const [links, setLinks] = useState<ReadonlyMap<string, string>>(new Map());
  const create = useCallback(
    async (body: CreateInviteBody) => {
      const answer = await accounts.createInvite(body);
      set((list) => [answer.invite, ...(list ?? []).filter((i) => i.id !== answer.invite.id)]);
      setLinks((map) => new Map(map).set(answer.invite.id, answer.url));
      return answer.url;
    },
    [set],
  );
  const revoke = useCallback(
    async (id: string) => {
      const answer = await accounts.revokeInvite(id);
      set((list) => (list ?? []).map((i) => (i.id === id ? answer.invite : i)));
    },
    [set],
  );
  return { invites: value, loadError, reload, links, create, revoke };
}
