import { profilePictureSchema } from "@parley/protocol";
import type { OidcConfig } from "../../config-oidc.js";

const MAX_USERNAME = 32;

/**
 * A valid Parley username made from a claim: lower case, accents dropped, an email's domain
 * dropped, every run of other characters one `-`, 3-32 characters; undefined when nothing is left.
 */
export function usernameFrom(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const local = raw.includes("@") ? raw.slice(0, raw.indexOf("@")) : raw;
  const name = local
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_USERNAME)
    .replace(/-+$/, "");
  if (name.length === 0) return undefined;
  return name.padEnd(3, "_");
}

/** The n-th alternative to a taken username (n ≥ 2): `alice-2`, cut so it stays 32 characters at most. */
export function alternative(username: string, n: number): string {
  const suffix = `-${n}`;
  return `${username.slice(0, MAX_USERNAME - suffix.length)}${suffix}`;
}

/** What the claims say of a new account, by the configured mappings. */
export function profileFrom(claims: Record<string, unknown>, c: OidcConfig["claims"]) {
  const username =
    usernameFrom(claims[c.username]) ?? usernameFrom(claims.preferred_username) ?? usernameFrom(claims.email);
  const rawName = claims[c.displayName];
  const displayName = (typeof rawName === "string" ? rawName.trim().slice(0, 64) : "") || username || "";
  const rawPicture = claims[c.picture];
  const picture =
    typeof rawPicture === "string" && profilePictureSchema.safeParse(rawPicture).success
      ? rawPicture.trim()
      : "";
  return { username, displayName, picture };
}

/** Whether the groups claim (an array, or one string) holds the admin group; null when none is configured. */
export function adminByGroups(claims: Record<string, unknown>, settings: OidcConfig): boolean | null {
  if (!settings.adminGroup) return null;
  const groups = claims[settings.claims.groups];
  const list = Array.isArray(groups) ? groups : typeof groups === "string" ? [groups] : [];
  return list.includes(settings.adminGroup);
}
