import type { Invite, InviteStatus } from "@parley/protocol";
import { SaveStatus, useSaveState } from "../settings/save-state";
import { InviteLink } from "./invite-link";

const STATUS_LABELS: Record<InviteStatus, string> = {
  active: "Active",
  expired: "Expired",
  used_up: "Used up",
  revoked: "Revoked",
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

interface InviteListProps {
  invites: readonly Invite[];
  links: ReadonlyMap<string, string>;
  revoke: (id: string) => Promise<void>;
}

/** Every invite with its state; an active one can be revoked, a link made here copied again. */
export function InviteList({ invites, links, revoke }: InviteListProps) {
  if (invites.length === 0) return <p className="settings-section__hint">No invites yet.</p>;
  return (
    <ul className="admin-invites" aria-label="Invites">
      {invites.map((invite) => (
        <InviteRow key={invite.id} invite={invite} url={links.get(invite.id)} revoke={revoke} />
      ))}
    </ul>
  );
}

function InviteRow({
  invite,
  url,
  revoke,
}: {
  invite: Invite;
  url?: string;
  revoke: (id: string) => Promise<void>;
}) {
  const save = useSaveState();
  const channels = invite.channels.map((c) => c.name).join(", ");
  return (
    <li className="admin-invite" data-testid="invite-row">
      <span className="admin-invite__text">
        <span>
          <span className="settings-badge" data-status={invite.status}>
            {STATUS_LABELS[invite.status]}
          </span>{" "}
          by {invite.createdBy.displayName} · used {invite.uses} of {invite.maxUses}
        </span>
        <span className="admin-invite__meta">
          {invite.status === "expired" ? "Expired" : "Expires"} {when(invite.expiresAt)}
          {channels && ` · joins ${channels}`}
        </span>
      </span>
      {invite.status === "active" && (
        <button
          type="button"
          className="button"
          aria-label={`Revoke the invite made ${when(invite.createdAt)}`}
          onClick={() => void save.run(() => revoke(invite.id))}
        >
          Revoke
        </button>
      )}
      {save.phase !== "idle" && <SaveStatus state={save} what="Revoked" />}
      {url && invite.status === "active" && <InviteLink url={url} />}
    </li>
  );
}
