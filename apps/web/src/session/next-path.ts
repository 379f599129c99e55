/** Where to go after signing in: `?next=` when it is a same-origin path, else the chat list. */
export const DEFAULT_AFTER_SIGNIN = "/chats";

const AUTH_PATHS = new Set(["/signin", "/join"]);

export function safeNextPath(raw: string | null | undefined): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) {
    return DEFAULT_AFTER_SIGNIN;
  }
  try {
    const base = "http://parley.invalid";
    const url = new URL(raw, base);
    if (url.origin !== base || AUTH_PATHS.has(url.pathname)) return DEFAULT_AFTER_SIGNIN;
    return url.pathname + url.search + url.hash;
  } catch {
    return DEFAULT_AFTER_SIGNIN;
  }
}

/** The `next` value of a URL's query string, made safe. */
export function nextFromUrl(url: string | URL): string {
  return safeNextPath(new URL(url).searchParams.get("next"));
}

/** A link to an auth page carrying `next` (made safe) when there is one. */
export function authPath(page: "/signin" | "/join", next: string | null | undefined): string {
  return next ? `${page}?next=${encodeURIComponent(safeNextPath(next))}` : page;
}
