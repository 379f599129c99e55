/**
 * Which users have a visible, focused tab on this node, as their sockets' `focus` frames say. A
 * user with one anywhere (ClusterPresence adds the other nodes') needs no Web Push.
 */
export class LocalFocus {
  private readonly byUser = new Map<string, Set<string>>();

  constructor(private readonly changed: () => void) {}

  set(userId: string, connectionId: string, focused: boolean): void {
    const before = this.byUser.has(userId);
    const set = this.byUser.get(userId) ?? new Set<string>();
    if (focused) set.add(connectionId);
    else set.delete(connectionId);
    if (set.size > 0) this.byUser.set(userId, set);
    else this.byUser.delete(userId);
    if (before !== this.byUser.has(userId)) this.changed();
  }

  /** A socket closed: it is no focused tab any more. */
  drop(userId: string, connectionId: string): void {
    this.set(userId, connectionId, false);
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  users(): Iterable<string> {
    return this.byUser.keys();
  }
}
