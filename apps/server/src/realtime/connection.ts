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
}
