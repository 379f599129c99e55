import {
  type AppRole,
  ErrorCode,
  type Require2fa,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from "@parley/protocol";
import type { AccountRow, Store, TwoFactorRow } from "../../store/store.js";
import type { AttemptLimiter } from "../accounts/attempt-limiter.js";
import { verifyPassword } from "../accounts/passwords.js";
import { type Clock, iso } from "../clock.js";
import { DomainError } from "../errors.js";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes.js";
import { newTotpSecret, qrSvg, totpStep, totpUri } from "./totp.js";

/** Who holds a product session token (AccountsService). */
export interface TwoFactorSessions {
  sessionOf(token: string | undefined): Promise<{ account: AccountRow; role: AppRole }>;
}

/** The run-time setting that decides who must have a second factor (SettingsService). */
export interface TwoFactorSettings {
  current(): Promise<{ require2fa: Require2fa }>;
}

/** Code checks counted per account and per IP, like password sign-in. */
export interface TwoFactorLimits {
  perUser: AttemptLimiter;
  perIp: AttemptLimiter;
}

export const wrongCode = () =>
  new DomainError(
    ErrorCode.invalidCredentials,
    "the code is wrong or expired; sign in again if it keeps failing",
  );

export function rateLimited(waitMs: number): DomainError {
  const err = new DomainError(ErrorCode.rateLimited, "too many attempts; try again later");
  return Object.assign(err, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
}

/** Whether `require2fa` asks this role for a second factor. */
export const requiredFor = (setting: Require2fa, role: string): boolean =>
  setting === "everyone" || (setting === "admins" && role === "admin");

/**
 * Two-factor sign-in as the account holder manages it (docs/api.md "Two-factor sign-in"): enrol
 * an authenticator app, confirm it (the ten recovery codes, once), replace the codes, turn it off.
 */
export class TwoFactorService {
  constructor(
    private readonly store: Store,
    private readonly sessions: TwoFactorSessions,
    private readonly settings: TwoFactorSettings,
    readonly limits: TwoFactorLimits,
    private readonly clock: Clock,
  ) {}

  async status(token: string | undefined): Promise<TwoFactorStatus> {
    const { account, role } = await this.sessions.sessionOf(token);
    return this.statusOf(account.id, role);
  }

  async start(token: string | undefined): Promise<TwoFactorEnrolment> {
    const { account } = await this.sessions.sessionOf(token);
    if ((await this.store.twoFactor.get(account.id))?.enabled_at) {
      throw new DomainError(ErrorCode.conflict, "two-factor sign-in is already on; turn it off first");
    }
    return this.enrol(account.id);
  }

  async confirm(token: string | undefined, code: string): Promise<{ recovery_codes: string[] }> {
    const { account } = await this.sessions.sessionOf(token);
    const row = await this.store.twoFactor.get(account.id);
    if (!row || row.enabled_at) {
      throw new DomainError(ErrorCode.conflict, "start the enrolment first (or it is already on)");
    }
    await this.limit(account.id);
    return { recovery_codes: await this.confirmCode(row, code) };
  }

  async disable(
    token: string | undefined,
    body: { password?: string | undefined; code?: string | undefined },
  ): Promise<TwoFactorStatus> {
    const { account, role } = await this.sessions.sessionOf(token);
    const row = await this.enabledRow(account.id);
    if (requiredFor((await this.settings.current()).require2fa, role)) {
      throw new DomainError(ErrorCode.forbidden, "this server requires two-factor sign-in for your account");
    }
    await this.limit(account.id);
    const ok =
      body.code !== undefined
        ? await this.acceptCode(row, body.code)
        : await verifyPassword(body.password ?? "", account.password_hash);
    if (!ok) throw new DomainError(ErrorCode.invalidCredentials, "wrong password or code");
    await this.store.twoFactor.remove(account.id);
    return this.statusOf(account.id, role);
  }

  async regenerate(token: string | undefined, code: string): Promise<{ recovery_codes: string[] }> {
    const { account } = await this.sessions.sessionOf(token);
    const row = await this.enabledRow(account.id);
    await this.limit(account.id);
    if (!(await this.acceptCode(row, code))) throw wrongCode();
    const codes = newRecoveryCodes();
    await this.store.twoFactor.setRecoveryCodes(account.id, codes.map(hashRecoveryCode));
    return { recovery_codes: codes };
  }

  /** Whether the setting asks this account for a second factor. */
  async required(role: string): Promise<boolean> {
    return requiredFor((await this.settings.current()).require2fa, role);
  }

  /** A new unconfirmed secret for the account (replacing one not confirmed), as the app shows it. */
  async enrol(accountId: string): Promise<TwoFactorEnrolment> {
    const secret = newTotpSecret();
    await this.store.twoFactor.putSecret(accountId, secret, iso(this.clock()));
    const otpauth_uri = totpUri(secret, accountId);
    return { secret, otpauth_uri, qr_svg: await qrSvg(otpauth_uri) };
  }

  /**
   * Confirms an unconfirmed secret with one of its codes: two-factor sign-in is on, and the ten
   * new recovery codes are answered (only their hashes are kept).
   */
  async confirmCode(row: TwoFactorRow, code: string): Promise<string[]> {
    const now = this.clock();
    const step = await totpStep(row.secret, code, now, row.last_step);
    if (step === undefined) throw wrongCode();
    const codes = newRecoveryCodes();
    const taken = await this.store.transaction(async (tx) => {
      if (!(await tx.twoFactor.takeStep(row.user_id, step, iso(now)))) return false;
      await tx.twoFactor.setRecoveryCodes(row.user_id, codes.map(hashRecoveryCode));
      return true;
    });
    if (!taken) throw wrongCode();
    await this.limits.perUser.reset(userKey(row.user_id));
    return codes;
  }

  /** A current code of the enabled secret, used once: true when accepted. */
  async acceptCode(row: TwoFactorRow, code: string): Promise<boolean> {
    const step = await totpStep(row.secret, code, this.clock(), row.last_step);
    return step !== undefined && (await this.store.twoFactor.takeStep(row.user_id, step));
  }

  /** Counts a code check against the account (and the IP when known); 429 past the limit. */
  async limit(accountId: string, ip?: string): Promise<void> {
    const now = this.clock().getTime();
    const waits = [await this.limits.perUser.take(userKey(accountId), now)];
    if (ip !== undefined) waits.push(await this.limits.perIp.take(ipKey(ip), now));
    const wait = Math.max(...waits);
    if (wait > 0) throw rateLimited(wait);
  }

  private async enabledRow(accountId: string): Promise<TwoFactorRow> {
    const row = await this.store.twoFactor.get(accountId);
    if (!row?.enabled_at) throw new DomainError(ErrorCode.conflict, "two-factor sign-in is not on");
    return row;
  }

  private async statusOf(accountId: string, role: string): Promise<TwoFactorStatus> {
    const row = await this.store.twoFactor.get(accountId);
    const enabled = Boolean(row?.enabled_at);
    return {
      enabled,
      enabled_at: row?.enabled_at ?? null,
      recovery_codes_left: enabled ? await this.store.twoFactor.recoveryCodesLeft(accountId) : 0,
      required: await this.required(role),
    };
  }
}

export const userKey = (accountId: string) => `2fa:u:${accountId}`;
export const ipKey = (ip: string) => `2fa:ip:${ip}`;
