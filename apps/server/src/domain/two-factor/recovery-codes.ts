import { createHash, randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "@parley/protocol";

/** Crockford-style: no 0/o, 1/l/i, so a code read off paper is typed right. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const HALF = 5;

/** Ten codes of 10 characters (~49 bits each), shown as `abcde-fghjk`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 2 * HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, HALF)}-${chars.slice(HALF)}`;
  });
}

/** What is stored of a code: the SHA-256 of its letters (case, spaces and dashes dropped). */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]+/g, "");
  return createHash("sha256").update(`recovery:${normalized}`).digest("base64url");
}
