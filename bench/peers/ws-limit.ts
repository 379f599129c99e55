/**
 * ws-limit: frames each message once and writes the same bytes to every socket, corked, so all
 * the frames a socket gets in one event-loop turn leave in one write (the physical-limit stand-in).
 */
import type { Socket } from "node:net";
import * as wsModule from "ws";
import { runWsPeer, WebSocket } from "./ws-peer.js";

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
/** ws's own framing (exported as `Sender`, though @types/ws does not declare it). */
const { Sender } = wsModule as unknown as { Sender: { frame(data: Buffer, o: FrameOptions): Buffer[] } };

const corked = new Set<Socket>();
const uncorkAll = () => {
  for (const s of corked) s.uncork();
  corked.clear();
};

runWsPeer({
  broadcast(room, json) {
    const frame = Buffer.concat(
      Sender.frame(Buffer.from(json), {
        fin: true,
        opcode: 1,
        mask: false,
        readOnly: false,
        rsv1: false,
      }),
    );
    if (corked.size === 0) setImmediate(uncorkAll);
    for (const ws of room) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const socket = (ws as unknown as { _socket: Socket })._socket;
      if (!corked.has(socket)) {
        socket.cork();
        corked.add(socket);
      }
      socket.write(frame);
    }
  },
});
