/** Where a notification or a message leads when it names no place of this app. */
export const HOME_PATH = "/chats";

/**
 * `url` as a path of this origin (`/c/messaging:x?message=y`), when it is one: a relative path,
 * not protocol-relative (`//host`), not another origin after URL parsing (which drops tabs and
 * newlines and turns `\` into `/`). Anything else answers HOME_PATH.
 */
export function appPath(url: unknown, origin: string): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return HOME_PATH;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return HOME_PATH;
  }
  if (parsed.origin !== origin) return HOME_PATH;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
