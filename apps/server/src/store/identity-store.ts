import type { IdentitiesTable, SsoTicketsTable } from "./schema.js";

export type IdentityRow = IdentitiesTable;
export type SsoTicketRow = SsoTicketsTable;

/** What a ticket is for: a started sign-in, the one-time code of `/sso`, a pending account link. */
export type SsoTicketKind = SsoTicketRow["kind"];

/** Single-sign-on identities and the tickets of sign-ins in flight (migration 0020). */
export interface IdentityRepo {
  /** The identity (issuer, subject), if one was ever linked. */
  get(issuer: string, subject: string): Promise<IdentityRow | undefined>;
  /** Whether any identity signs in to this account. */
  hasAccount(userId: string): Promise<boolean>;
  /** False when the identity is linked already. */
  insert(row: IdentityRow): Promise<boolean>;
  touch(issuer: string, subject: string, at: string): Promise<void>;
  putTicket(row: SsoTicketRow): Promise<void>;
  /** Deletes and answers the ticket when it is of `kind` and not expired at `now`: a ticket is used once. */
  takeTicket(hash: string, kind: SsoTicketKind, now: string): Promise<SsoTicketRow | undefined>;
  /** The ticket without using it (a pending link checked by the SSO-only gate). */
  peekTicket(hash: string, kind: SsoTicketKind, now: string): Promise<SsoTicketRow | undefined>;
  /** Removes tickets expired at `now`; answers how many. */
  pruneTickets(now: string): Promise<number>;
}
