import WebSocket from "ws";

export interface RawSocket {
  ws: WebSocket;
  frames: any[];
  send(frame: unknown): void;
  /** Resolves with the first received frame (already seen or future) matching `pred`. */
  next(pred: (f: any) => boolean, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A bare WebSocket client speaking the wire protocol, for tests below the SDK. */
export function rawSocket(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
  const ws = new WebSocket(url, { headers });
  const frames: any[] = [];
  const waiters: { pred: (f: any) => boolean; resolve: (f: any) => void }[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on("message", (data) => {
    const f = JSON.parse(data.toString());
    frames.push(f);
    for (const w of [...waiters]) {
      if (w.pred(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  });
  const sock: RawSocket = {
    ws,
    frames,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next(pred, timeoutMs = 5000) {
      const seen = frames.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          pred,
          resolve: (f) => {
            clearTimeout(t);
            resolve(f);
          },
        });
      });
    },
    closed,
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(sock));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

/** Opens a socket and authenticates; resolves after connection.ok. */
export async function authedSocket(
  url: string,
  apiKey: string,
  token: string,
  userId?: string,
): Promise<RawSocket> {
  const s = await rawSocket(url);
  s.send({ type: "auth", api_key: apiKey, token, ...(userId ? { user_id: userId } : {}) });
  await s.next((f) => f.type === "connection.ok");
  return s;
}
