import { ErrorCode } from "@parley/protocol";
import { dictionary } from "@zxcvbn-ts/language-common";
import { DomainError } from "../errors.js";

/**
 * The common-password list of zxcvbn-ts (`@zxcvbn-ts/language-common`, about 49,000 leaked
 * passwords, most common first), loaded once. Only entries a password may have (8+ characters)
 * are kept; they are all lower case, so a password is looked up lower-cased.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= 8));
  return common;
}

/** Why `password` may not be the account's, or undefined when it may. */
export function passwordProblem(password: string, username: string): string | undefined {
  const folded = password.normalize("NFKC").toLowerCase();
  if (folded === username.toLowerCase()) return "password must not be the username";
  if (commonPasswords().has(folded))
    return "this password is one of the most common ones and easy to guess; choose another";
  return undefined;
}

/**
 * Refuses a password that is the username or in the common list, as a `validation` error naming
 * `field` (sign-up, admin-made accounts, change and reset all call it).
 */
export function checkNewPassword(password: string, username: string, field = "password"): void {
  const problem = passwordProblem(password, username);
  if (problem) throw new DomainError(ErrorCode.validation, problem, { [field]: problem });
}
