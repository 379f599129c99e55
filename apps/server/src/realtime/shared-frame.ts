import type { Socket } from "node:net";
import * as ws from "ws";

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
/** ws's own framing function (exported by ws as `Sender`; @types/ws does not declare it). */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, o: FrameOptions): Buffer[] } };
const TEXT = { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false };

/** The complete WebSocket text frame of `json` (header + payload; server frames are not masked). */
export function textFrame(json: string): Buffer {
  return Buffer.concat(Sender.frame(Buffer.from(json), TEXT));
}

/**
 * A server frame going to many sockets (a channel event's fan-out): serialized once by the
 * caller, encoded and framed once here, and then the same bytes are written to every socket.
 */
export class SharedFrame {
  #bytes: Buffer | undefined;

  constructor(readonly json: string) {}

  get bytes(): Buffer {
    this.#bytes ??= textFrame(this.json);
    return this.#bytes;
  }
}

const corked = new Set<Socket>();

function uncorkAll(): void {
  for (const s of corked) s.uncork();
  corked.clear();
}

/**
 * Writes a frame to a socket corked until the end of this event-loop turn, so every frame a
 * socket gets in one turn (a burst of events) leaves in one write instead of one syscall each.
 */
export function writeCorked(socket: Socket, bytes: Buffer): void {
  if (corked.size === 0) setImmediate(uncorkAll);
  if (!corked.has(socket)) {
    socket.cork();
    corked.add(socket);
  }
  socket.write(bytes);
}
