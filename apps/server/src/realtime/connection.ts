import type { AppRole } from "@parley/protocol";
import type { SharedFrame } from "./shared-frame.js";

/** One authenticated socket as the hub sees it. */
export interface Connection {
  readonly id: string;
  readonly userId: string;
  readonly tokenId: string | undefined;
  readonly watching: Set<string>;
  /** A frame for this socket alone, or one framed once for many (a fan-out). */
  send(frame: string | SharedFrame): void;
  close(code: number, reason: string): void;
  /** Bytes written to the socket and not yet sent. */
  readonly backlog: number;
  /** The app role the socket's frames act with. */
  readonly role: AppRole;
  /** The user's app role changed: frames from now on act with `role`. */
  setRole(role: AppRole): void;
}
