import type { ChatClient } from "@parley/client";
import { LoadError } from "../settings/load-error";
import { useInviteChannels } from "./invite-channels";
import { InviteForm } from "./invite-form";
import { InviteList } from "./invite-list";
import { useInvites } from "./use-invites";

/** Invite links: make one, see every one with its state, revoke. */
export function InvitesSection({ client }: { client: ChatClient }) {
  const model = useInvites();
  const channels = useInviteChannels(client);
  return (
    <section id="admin-invites" className="settings-section" aria-labelledby="admin-invites-title">
      <h2 id="admin-invites-title" className="settings-section__title">
        Invites
      </h2>
      <p className="settings-section__hint">
        A link is shown once, when it is made: only a fingerprint of it is kept.
      </p>
      <InviteForm channels={channels} create={model.create} />
      {model.loadError && <LoadError what="the invites" error={model.loadError} onRetry={model.reload} />}
      {model.invites && <InviteList invites={model.invites} links={model.links} revoke={model.revoke} />}
    </section>
  );
}
