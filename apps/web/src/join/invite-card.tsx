import type { InvitePreview } from "@parley/protocol";

const until = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" });

/** Who invited you and what you will join, above the sign-up form. */
export function InviteCard({ invite }: { invite: InvitePreview["invite"] }) {
  return (
    <section className="invite-card" aria-labelledby="invite-card-title" data-testid="invite-card">
      <h2 id="invite-card-title" className="invite-card__title">
        <span data-testid="inviter-name">{invite.inviter.displayName}</span> invited you
      </h2>
      {invite.channels.length > 0 && (
        <>
          <p className="invite-card__text">You will join:</p>
          <ul className="invite-card__channels" aria-label="Channels you will join">
            {invite.channels.map((c) => (
              <li key={c.cid} data-testid="invite-channel">
                # {c.name}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="invite-card__text invite-card__text--muted">
        This invite works until {until(invite.expiresAt)}.
      </p>
    </section>
  );
}
