import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A verification link's token: 32 random bytes, of which only the SHA-256 is stored. */
export function newVerificationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashVerificationToken(token) };
}

export const hashVerificationToken = (token: string) => createHash("sha256").update(token).digest("hex");

const UNSUBSCRIBE_PURPOSE = "parley email unsubscribe v1";

const unsubscribeMac = (secret: string, userId: string, address: string) =>
  createHmac("sha256", secret).update(`${UNSUBSCRIBE_PURPOSE}\n${userId}\n${address}`).digest();

/**
 * An unsubscribe link's token: the user id and an HMAC of it with the address, so every digest
 * carries a link that works without anything stored, and stops working once the address changes.
 */
export function unsubscribeToken(secret: string, userId: string, address: string): string {
  const id = Buffer.from(userId).toString("base64url");
  return `${id}.${unsubscribeMac(secret, userId, address).toString("base64url")}`;
}

/** The user id an unsubscribe token names, before its HMAC is checked; undefined when malformed. */
export function unsubscribeTokenUser(token: string): string | undefined {
  const [id, mac, ...rest] = token.split(".");
  if (!id || !mac || rest.length > 0) return undefined;
  const userId = Buffer.from(id, "base64url").toString();
  return userId === "" ? undefined : userId;
}

/** Whether `token` is the unsubscribe token of `userId` at `address`. */
export function checkUnsubscribeToken(
  secret: string,
  token: string,
  userId: string,
  address: string,
): boolean {
  const given = Buffer.from(token.split(".")[1] ?? "", "base64url");
  const expected = unsubscribeMac(secret, userId, address);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
