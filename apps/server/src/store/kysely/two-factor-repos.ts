import type { TwoFactorRepo } from "../two-factor-store.js";
import type { Db } from "./executor.js";

export function twoFactorRepo(db: Db): TwoFactorRepo {
  const forgetCodesAndDevices = async (userId: string) => {
    await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
    await db.deleteFrom("two_factor_devices").where("user_id", "=", userId).execute();
  };
  return {
    get: (userId) => db.selectFrom("two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    async putSecret(userId, secret, now) {
      await db.deleteFrom("two_factor").where("user_id", "=", userId).execute();
      await forgetCodesAndDevices(userId);
      await db
        .insertInto("two_factor")
        .values({ user_id: userId, secret, created_at: now, enabled_at: null, last_step: null })
        .execute();
    },
    async takeStep(userId, step, enableAt) {
      const r = await db
        .updateTable("two_factor")
        .set(enableAt ? { last_step: step, enabled_at: enableAt } : { last_step: step })
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async remove(userId) {
      await db.deleteFrom("two_factor").where("user_id", "=", userId).execute();
      await forgetCodesAndDevices(userId);
    },
    async setRecoveryCodes(userId, hashes) {
      await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      if (hashes.length === 0) return;
      await db
        .insertInto("two_factor_recovery_codes")
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
        .execute();
    },
    async spendRecoveryCode(userId, hash, at) {
      const r = await db
        .updateTable("two_factor_recovery_codes")
        .set({ used_at: at })
        .where("user_id", "=", userId)
        .where("code_hash", "=", hash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async recoveryCodesLeft(userId) {
      const r = await db
        .selectFrom("two_factor_recovery_codes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async addDevice(row) {
      await db.insertInto("two_factor_devices").values(row).execute();
    },
    device: (tokenHash, userId, now) =>
      db
        .selectFrom("two_factor_devices")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .where("user_id", "=", userId)
        .where("expires_at", ">", now)
        .executeTakeFirst(),
    async addChallenge(row) {
      await db.insertInto("two_factor_challenges").values(row).execute();
    },
    challenge: (tokenHash, now) =>
      db
        .selectFrom("two_factor_challenges")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", now)
        .executeTakeFirst(),
    async deleteChallenge(tokenHash) {
      const r = await db
        .deleteFrom("two_factor_challenges")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    async prune(now) {
      const a = await db
        .deleteFrom("two_factor_challenges")
        .where("expires_at", "<=", now)
        .executeTakeFirst();
      const b = await db.deleteFrom("two_factor_devices").where("expires_at", "<=", now).executeTakeFirst();
      return Number(a.numDeletedRows) + Number(b.numDeletedRows);
    },
  };
}
