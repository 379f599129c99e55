import type { ClientFrameType } from "@parley/protocol";

/** A valid frame of every client frame type, the seeds of the WebSocket fuzz. */
export function wsShapes(cid: string): Record<ClientFrameType, Record<string, unknown>> {
  return {
    auth: { type: "auth", api_key: "k", token: "t" },
    "health.check": { type: "health.check" },
    watch: { type: "watch", channels: [{ cid, since: 0 }] },
    unwatch: { type: "unwatch", cids: [cid] },
    send: { type: "send", cid, message: { id: "fuzz-1", text: "hi", mentioned_users: [], attachments: [] } },
    "typing.start": { type: "typing.start", cid },
    "typing.stop": { type: "typing.stop", cid },
    focus: { type: "focus", focused: true },
  };
}
