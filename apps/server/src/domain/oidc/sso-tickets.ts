import { SSO_CODE_TTL_SECONDS, SSO_PENDING_TTL_MINUTES } from "@parley/protocol";
import type { SsoTicketKind, Store } from "../../store/store.js";
import { hashSessionToken, newSessionToken } from "../accounts/session-tokens.js";
import { iso } from "../clock.js";

/**
 * A started sign-in, kept under the hash of the cookie that binds it to the browser that started
 * it; the provider's answer must then carry its `state` (openid-client checks).
 */
export interface LoginTicket {
  state: string;
  nonce: string;
  code_verifier: string;
  next: string;
}

/** The one-time code the web app exchanges for a session. */
export interface CodeTicket {
  account_id: string;
}

/** A provider identity waiting for the local account of `username` to sign in and take it. */
export interface LinkTicket {
  issuer: string;
  subject: string;
  username: string;
  /** Whether the groups claim made them an admin (null: OIDC_ADMIN_GROUP unset). */
  admin: boolean | null;
}

interface Payloads {
  login: LoginTicket;
  code: CodeTicket;
  link: LinkTicket;
}

const TTL_MS: Record<SsoTicketKind, number> = {
  login: SSO_PENDING_TTL_MINUTES * 60_000,
  link: SSO_PENDING_TTL_MINUTES * 60_000,
  code: SSO_CODE_TTL_SECONDS * 1000,
};

/**
 * Tickets of sign-ins in flight, in the store (so any node finishes what another started), each
 * under the SHA-256 of a secret only the browser holds, used once, expiring.
 */
export class SsoTickets {
  constructor(private readonly store: Store) {}

  /** Stores `payload` under `secret` (a fresh 256-bit one when not given); answers the secret. */
  async put<K extends SsoTicketKind>(
    kind: K,
    payload: Payloads[K],
    now: Date,
    secret?: string,
  ): Promise<string> {
    const key = secret ?? newSessionToken().token;
    await this.store.identities.pruneTickets(iso(now));
    await this.store.identities.putTicket({
      hash: hashSessionToken(key),
      kind,
      payload: JSON.stringify(payload),
      expires_at: iso(new Date(now.getTime() + TTL_MS[kind])),
    });
    return key;
  }

  async take<K extends SsoTicketKind>(kind: K, secret: string, now: Date): Promise<Payloads[K] | undefined> {
    const row = await this.store.identities.takeTicket(hashSessionToken(secret), kind, iso(now));
    return row ? (JSON.parse(row.payload) as Payloads[K]) : undefined;
  }

  async peek<K extends SsoTicketKind>(kind: K, secret: string, now: Date): Promise<Payloads[K] | undefined> {
    const row = await this.store.identities.peekTicket(hashSessionToken(secret), kind, iso(now));
    return row ? (JSON.parse(row.payload) as Payloads[K]) : undefined;
  }
}
