import { createHash, randomBytes } from "node:crypto";

/** The product session token: 256 bits from the CSPRNG; only its SHA-256 is stored. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
