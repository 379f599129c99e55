/** ws-naive: a bare `ws` server that broadcasts each message with `send()` per socket. */
import { runWsPeer, WebSocket } from "./ws-peer.js";

runWsPeer({
  broadcast(room, json) {
    for (const ws of room) if (ws.readyState === WebSocket.OPEN) ws.send(json);
  },
});
