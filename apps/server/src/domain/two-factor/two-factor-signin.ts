import {
  type AuthResponse,
  REMEMBER_DEVICE_DAYS,
  type Signin2faBody,
  type SigninAnswer,
  type SigninBody,
  type TwoFactorEnrolment,
  type TwoFactorSigninResponse,
} from "@parley/protocol";
import type { AccountRow, Store, TwoFactorChallengeRow } from "../../store/store.js";
import type { SessionMeta } from "../accounts/accounts-service.js";
import { hashSessionToken, newSessionToken } from "../accounts/session-tokens.js";
import { type Clock, iso } from "../clock.js";
import { hashRecoveryCode } from "./recovery-codes.js";
import { DECOY_SECRET, totpStep } from "./totp.js";
import { ipKey, rateLimited, type TwoFactorService, userKey, wrongCode } from "./two-factor-service.js";

/** How long the second step (or a forced enrolment) may take after the password. */
export const CHALLENGE_TTL_S = 5 * 60;
const REMEMBER_MS = REMEMBER_DEVICE_DAYS * 24 * 3600 * 1000;

/** What the second step needs of the accounts module: its checks and its sessions. */
export interface SessionIssuer {
  admit(account: AccountRow): Promise<void>;
  issueSession(accountId: string, meta: SessionMeta): Promise<AuthResponse>;
}

/**
 * The second step of sign-in (docs/api.md "Two-factor sign-in"): after the password, a session,
 * or a challenge answered with a code, a recovery code or — when the setting requires a second
 * factor the account lacks — the enrolment of one.
 */
export class TwoFactorSignin {
  constructor(
    private readonly store: Store,
    private readonly accounts: SessionIssuer,
    private readonly twoFactor: TwoFactorService,
    private readonly clock: Clock,
  ) {}

  /** The password was right and `admit` passed: a session, or the intermediate answer. */
  async afterPassword(account: AccountRow, body: SigninBody, meta: SessionMeta): Promise<SigninAnswer> {
    const row = await this.store.twoFactor.get(account.id);
    const now = this.clock();
    if (row?.enabled_at) {
      const device = body.device_token
        ? await this.store.twoFactor.device(hashSessionToken(body.device_token), account.id, iso(now))
        : undefined;
      if (device) return this.accounts.issueSession(account.id, meta);
      const challenge = await this.challenge(account.id, "verify", now);
      return {
        two_factor_required: true,
        challenge,
        methods: ["totp", "recovery_code"],
        expires_in: CHALLENGE_TTL_S,
      };
    }
    const role = (await this.store.users.get(account.id))?.role ?? "user";
    if (!(await this.twoFactor.required(role))) return this.accounts.issueSession(account.id, meta);
    const challenge = await this.challenge(account.id, "enrol", now);
    return { two_factor_enrollment_required: true, challenge, expires_in: CHALLENGE_TTL_S };
  }

  /** A secret for the account of an enrolment challenge (the code then goes to `secondStep`). */
  async enrolWithChallenge(challenge: string, ip: string): Promise<TwoFactorEnrolment> {
    const found = await this.pending(challenge, ip);
    if (found?.kind !== "enrol") throw wrongCode();
    if ((await this.store.twoFactor.get(found.user_id))?.enabled_at) throw wrongCode();
    return this.twoFactor.enrol(found.user_id);
  }

  /** `signin_2fa`: the code (or recovery code) for the challenge; the session once it passes. */
  async secondStep(body: Signin2faBody, meta: SessionMeta): Promise<TwoFactorSigninResponse> {
    const found = await this.pending(body.challenge, meta.ip);
    if (!found) {
      // Nothing to check: check against a decoy so the miss costs what a wrong code does.
      await totpStep(DECOY_SECRET, body.code ?? "000000", this.clock(), null);
      throw wrongCode();
    }
    await this.twoFactor.limit(found.user_id);
    const account = await this.store.accounts.get(found.user_id);
    if (!account) throw wrongCode();
    await this.accounts.admit(account);
    const recovery_codes = await this.verify(found, body);
    if (!(await this.store.twoFactor.deleteChallenge(found.token_hash))) throw wrongCode();
    await this.twoFactor.limits.perUser.reset(userKey(account.id));
    const session = await this.accounts.issueSession(account.id, meta);
    const device_token = body.remember_device ? await this.rememberDevice(account.id) : undefined;
    return {
      ...session,
      ...(device_token ? { device_token } : {}),
      ...(recovery_codes ? { recovery_codes } : {}),
    };
  }

  /** Checks the factor; for an enrolment, confirms the secret and answers the recovery codes. */
  private async verify(found: TwoFactorChallengeRow, body: Signin2faBody): Promise<string[] | undefined> {
    const row = await this.store.twoFactor.get(found.user_id);
    if (found.kind === "enrol") {
      if (!row || row.enabled_at || body.code === undefined) throw wrongCode();
      return this.twoFactor.confirmCode(row, body.code);
    }
    if (!row?.enabled_at) throw wrongCode();
    const ok =
      body.code !== undefined
        ? await this.twoFactor.acceptCode(row, body.code)
        : await this.store.twoFactor.spendRecoveryCode(
            row.user_id,
            hashRecoveryCode(body.recovery_code ?? ""),
            iso(this.clock()),
          );
    if (!ok) throw wrongCode();
    return undefined;
  }

  /** The live challenge of that token, counting the attempt against the IP first. */
  private async pending(challenge: string, ip: string): Promise<TwoFactorChallengeRow | undefined> {
    const now = this.clock();
    const wait = await this.twoFactor.limits.perIp.take(ipKey(ip), now.getTime());
    if (wait > 0) throw rateLimited(wait);
    return this.store.twoFactor.challenge(hashSessionToken(challenge), iso(now));
  }

  private async challenge(userId: string, kind: TwoFactorChallengeRow["kind"], now: Date): Promise<string> {
    await this.store.twoFactor.prune(iso(now));
    const { token, hash } = newSessionToken();
    await this.store.twoFactor.addChallenge({
      token_hash: hash,
      user_id: userId,
      kind,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + CHALLENGE_TTL_S * 1000)),
    });
    return token;
  }

  private async rememberDevice(userId: string): Promise<string> {
    const now = this.clock();
    const { token, hash } = newSessionToken();
    await this.store.twoFactor.addDevice({
      token_hash: hash,
      user_id: userId,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + REMEMBER_MS)),
    });
    return token;
  }
}
