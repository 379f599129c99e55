/**
 * A pending link (`/signin#sso_link=…`): the SSO identity waits for its local account to sign in
 * once with its password. Kept in sessionStorage from the sign-in page until /sso?link=1 uses it,
 * so it outlasts the second sign-in step; never put in a URL the server sees.
 */
const KEY = "sso_link";

export interface PendingLink {
  code: string;
  /** Where to go once linked. */
  next: string;
}

export function savePendingLink(link: PendingLink): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(link));
  } catch {
    // Storage unavailable: the link cannot be kept, and the sign-in page says nothing of it.
  }
}

export function pendingLink(): PendingLink | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const link = raw ? (JSON.parse(raw) as Partial<PendingLink>) : null;
    return typeof link?.code === "string" && typeof link.next === "string"
      ? { code: link.code, next: link.next }
      : null;
  } catch {
    return null;
  }
}

export function clearPendingLink(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** A sign-in body with the pending link's code: in SSO-only mode it lets this one password sign-in through. */
export function withSsoLink<B extends { action: string }>(body: B): B & { sso_link?: string } {
  const link = body.action === "signin" ? pendingLink() : null;
  return link ? { ...body, sso_link: link.code } : body;
}

/** Where the sign-in page sends the browser once signed in, while a link is pending. */
export const LINK_PATH = "/sso?link=1";
