/** The tab title with the total unread count in front: "(3) Chats · Parley". */
export function tabTitle(base: string, unread: number): string {
  if (unread <= 0) return base;
  return `(${unread > 99 ? "99+" : unread}) ${base}`;
}

/** A badge's text: the count, capped at "99+". */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}
