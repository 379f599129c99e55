import { randomUUID } from "node:crypto";
import {
  type CreatedInvite,
  type CreateInviteBody,
  ErrorCode,
  INVITE_DEFAULT_HOURS,
  type Invite,
  type InvitePreview,
  type InviteStatus,
} from "@parley/protocol";
import type { AccountRow, InviteRow, Repos, Store } from "../../store/store.js";
import { canApp, ensureCanInvite } from "../access.js";
import { hashSessionToken, newSessionToken } from "../accounts/session-tokens.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { DomainError, forbidden, notFound } from "../errors.js";
import type { SessionGate, SettingsService } from "../settings/settings-service.js";

const LIST_LIMIT = 200;
const HOUR_MS = 3600_000;

/** Why an invite no longer lets anyone in, as the join page shows it. */
const REFUSALS: Record<Exclude<InviteStatus, "active">, [ErrorCode, string]> = {
  revoked: [ErrorCode.inviteRevoked, "this invite was revoked; ask for a new one"],
  expired: [ErrorCode.inviteExpired, "this invite has expired; ask for a new one"],
  used_up: [ErrorCode.inviteUsedUp, "this invite has been used up; ask for a new one"],
};
const refusal = (status: Exclude<InviteStatus, "active">) => new DomainError(...REFUSALS[status]);
const unknownInvite = () => new DomainError(ErrorCode.inviteInvalid, "this invite link is not valid");

export function inviteStatus(row: InviteRow, now: string): InviteStatus {
  if (row.revoked_at) return "revoked";
  if (row.uses >= row.max_uses) return "used_up";
  if (row.expires_at <= now) return "expired";
  return "active";
}

/**
 * Invite links (docs/api.md "Sign-up modes and invites"): admins make them, members too when
 * the settings allow; each has an expiry, a number of uses and channels the new account joins.
 * The token is 256 random bits and only its SHA-256 is stored.
 */
export class InvitesService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly settings: SettingsService,
    private readonly sessions: SessionGate,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async create(token: string | undefined, body: CreateInviteBody): Promise<CreatedInvite> {
    const { account, actor } = await this.#caller(token);
    ensureCanInvite(actor, (await this.settings.current()).membersCanInvite);
    const channels = [...new Set(body.channels ?? [])];
    for (const cid of channels) await this.#checkChannel(actor, cid);
    const now = this.clock();
    const secret = newSessionToken();
    const row: InviteRow = {
      id: randomUUID(),
      token_hash: secret.hash,
      created_by: account.id,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + (body.expiresInHours ?? INVITE_DEFAULT_HOURS) * HOUR_MS)),
      max_uses: body.maxUses ?? 1,
      uses: 0,
      revoked_at: null,
      channels,
    };
    await this.store.invites.insert(row);
    const url = `${this.publicUrl.replace(/\/+$/, "")}/join#invite=${secret.token}`;
    return { invite: (await this.#render([row]))[0] as Invite, token: secret.token, url };
  }

  /** Every invite for an admin; a member's own otherwise. */
  async list(token: string | undefined): Promise<{ invites: Invite[] }> {
    const { account, actor } = await this.#caller(token);
    const createdBy = canApp("ManageAccounts", actor) ? undefined : account.id;
    return { invites: await this.#render(await this.store.invites.list({ createdBy, limit: LIST_LIMIT })) };
  }

  /** An admin revokes any invite, a member their own; revoking twice keeps the first time. */
  async revoke(token: string | undefined, id: string): Promise<{ invite: Invite }> {
    const { account, actor } = await this.#caller(token);
    const row = await this.store.invites.get(id);
    if (!row || (row.created_by !== account.id && !canApp("ManageAccounts", actor))) throw notFound("invite");
    const revoked = await this.store.invites.revoke(id, iso(this.clock()));
    return { invite: (await this.#render([revoked ?? row]))[0] as Invite };
  }

  /** What the link offers, for whoever holds it; a link that lets nobody in says why. */
  async preview(token: string): Promise<InvitePreview> {
    const row = await this.#usable(this.store, token);
    const inviter = await this.store.accounts.get(row.created_by);
    const channels = await this.#channelNames(row.channels);
    return {
      invite: {
        inviter: { displayName: inviter?.display_name ?? row.created_by },
        channels: channels.filter((c) => !c.deleted).map(({ cid, name }) => ({ cid, name })),
        expiresAt: row.expires_at,
      },
    };
  }

  /**
   * Sign-up's use of an invite, inside its unit of work: counts one use or refuses (of two
   * sign-ups racing for the last use, one gets `invite_used_up` and its account rolls back).
   * Answers the channels the new account joins (`joinChannels`).
   */
  async use(tx: Repos, token: string): Promise<InviteRow> {
    const row = await this.#usable(tx, token);
    const now = iso(this.clock());
    if (!(await tx.invites.use(row.id, now))) {
      const again = await tx.invites.get(row.id);
      const status = again ? inviteStatus(again, now) : "revoked";
      throw refusal(status === "active" ? "used_up" : status);
    }
    return row;
  }

  async #usable(repos: Repos, token: string): Promise<InviteRow> {
    const row = await repos.invites.byTokenHash(hashSessionToken(token));
    if (!row) throw unknownInvite();
    const status = inviteStatus(row, iso(this.clock()));
    if (status !== "active") throw refusal(status);
    // A deactivated account's invites let nobody in any more.
    if ((await repos.accounts.get(row.created_by))?.deactivated_at) throw refusal("revoked");
    return row;
  }

  async #caller(token: string | undefined): Promise<{ account: AccountRow; actor: Actor }> {
    const { account, role } = await this.sessions.sessionOf(token);
    return { account, actor: { userId: account.id, server: false, role } };
  }

  /** An invite joins only open (team) channels its creator may add people to. */
  async #checkChannel(actor: Actor, cid: string): Promise<void> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "UpdateChannelMembers").catch(
      (err: unknown) => {
        if (err instanceof DomainError && err.code === ErrorCode.forbidden)
          throw forbidden(`you may not add people to channel ${cid}`);
        throw err;
      },
    );
    if (ctx.channel.is_direct || !ctx.config.public_read) {
      throw new DomainError(ErrorCode.validation, `channel ${cid} is not a team channel`, {
        channels: "an invite joins only team channels (ones anyone may read and join)",
      });
    }
  }

  async #channelNames(cids: readonly string[]) {
    return Promise.all(
      cids.map(async (cid) => {
        const c = await this.store.channels.get(cid);
        return { cid, name: c?.name || (c?.id ?? cid), deleted: !c || c.deleted_at !== null };
      }),
    );
  }

  async #render(rows: readonly InviteRow[]): Promise<Invite[]> {
    const now = iso(this.clock());
    const creators = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.created_by)))
      creators.set(id, (await this.store.accounts.get(id))?.display_name ?? id);
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        createdBy: { id: r.created_by, displayName: creators.get(r.created_by) ?? r.created_by },
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        maxUses: r.max_uses,
        uses: r.uses,
        revokedAt: r.revoked_at,
        status: inviteStatus(r, now),
        channels: (await this.#channelNames(r.channels)).map(({ cid, name }) => ({ cid, name })),
      })),
    );
  }
}
