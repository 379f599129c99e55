import type { TwoFactorChallengesTable, TwoFactorDevicesTable, TwoFactorTable } from "./schema.js";

export type TwoFactorRow = TwoFactorTable;
export type TwoFactorDeviceRow = TwoFactorDevicesTable;
export type TwoFactorChallengeRow = TwoFactorChallengesTable;

/** Two-factor sign-in: secrets, recovery codes, remembered devices, pending second steps. */
export interface TwoFactorRepo {
  get(userId: string): Promise<TwoFactorRow | undefined>;
  /** Stores a new, unconfirmed secret, replacing whatever the user had (codes and devices go too). */
  putSecret(userId: string, secret: string, now: string): Promise<void>;
  /**
   * Records that a code for `step` was accepted, only when no code for it or a later step was:
   * false when one was (a replay, or a race another request won). With `enableAt`, the secret is
   * also confirmed.
   */
  takeStep(userId: string, step: number, enableAt?: string): Promise<boolean>;
  /** Forgets the user's secret, recovery codes and remembered devices. */
  remove(userId: string): Promise<void>;
  /** Replaces the user's recovery codes with these (hashes). */
  setRecoveryCodes(userId: string, hashes: readonly string[]): Promise<void>;
  /** Marks one unused code used; false when there is no such unused code. */
  spendRecoveryCode(userId: string, hash: string, at: string): Promise<boolean>;
  recoveryCodesLeft(userId: string): Promise<number>;
  addDevice(row: TwoFactorDeviceRow): Promise<void>;
  /** The remembered device of that token, when it belongs to the user and has not expired at `now`. */
  device(tokenHash: string, userId: string, now: string): Promise<TwoFactorDeviceRow | undefined>;
  addChallenge(row: TwoFactorChallengeRow): Promise<void>;
  /** The challenge of that hash unless it expired at `now`. */
  challenge(tokenHash: string, now: string): Promise<TwoFactorChallengeRow | undefined>;
  /** Deletes the challenge; false when it was already gone (another request finished it). */
  deleteChallenge(tokenHash: string): Promise<boolean>;
  /** Deletes expired challenges and devices; answers how many rows went. */
  prune(now: string): Promise<number>;
}
