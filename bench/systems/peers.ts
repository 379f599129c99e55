import { type Child, startChild } from "../lib/proc.js";
import { type Harness, nodesCpu, type RunningSystem, type SystemSpec, stopNodes } from "./system.js";

export interface PeerVariant {
  /** The name shown in tables. */
  name: string;
  /** The bundled program (ws-naive, ws-limit, minimal-persist, socketio). */
  program: "ws-naive" | "ws-limit" | "minimal-persist" | "socketio";
  nodes?: 1 | 2;
  /** Socket.IO's Redis adapter between the nodes. */
  redis?: boolean;
  env?: Record<string, string>;
}

/** A peer baseline: no state to seed, the user id is the token. */
export function peerSystem(v: PeerVariant): SystemSpec {
  const sio = v.program === "socketio";
  return {
    name: v.name,
    async start(h: Harness): Promise<RunningSystem> {
      const nodes: Child[] = [];
      const ports: number[] = [];
      const env: Record<string, string> = { HOST: "127.0.0.1", PORT: "0", NODE_ENV: "production", ...v.env };
      env.DATA_DIR = h.tmpDir(`${v.program}-data`);
      if (v.redis) env.SIO_REDIS_URL = h.options.redisUrl;
      env.SIO_REDIS_KEY = `bench-sio-${process.pid}`;
      for (let i = 0; i < (v.nodes ?? 1); i++) {
        const { child, ready } = await startChild({
          name: `${v.name}#${i}`,
          script: h.scripts[v.program] as string,
          nodeArgs: ["--expose-gc"],
          cpus: h.serverCpus,
          env,
        });
        nodes.push(child);
        ports.push(ready.port as number);
      }
      return {
        name: v.name,
        protocol: sio ? "socketio" : "ws",
        sendVia: sio ? "socketio" : "ws",
        apiKey: "bench",
        nodes,
        connectUrl: (i) =>
          sio
            ? `http://127.0.0.1:${ports[i % ports.length]}`
            : `ws://127.0.0.1:${ports[i % ports.length]}/chat/connect`,
        httpUrl: (i) => `http://127.0.0.1:${ports[i % ports.length]}`,
        token: (u) => u,
        cpuSeconds: () => nodesCpu(nodes),
        memory: () => Promise.all(nodes.map((n) => n.call("mem"))),
        stop: () => stopNodes(nodes),
      } as RunningSystem;
    },
  };
}
