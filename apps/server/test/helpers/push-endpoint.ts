import { createECDH, type ECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

/** What a push service received: the request and, decrypted with the device's keys, the payload. */
export interface ReceivedPush {
  device: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  payload: Record<string, unknown>;
}

/** A browser's subscription: its keys, the private half kept here to decrypt what arrives. */
export interface TestDevice {
  name: string;
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/**
 * A push service on 127.0.0.1 (RFC 8030's push resource): each device has an endpoint URL;
 * a POST to it is recorded and answered 201, or with the status the test sets for that device.
 */
export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  private readonly devices = new Map<string, TestDevice>();
  private readonly statuses = new Map<string, number>();
  private server: Server | undefined;
  private base = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const name = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
        const device = this.devices.get(name);
        const status = this.statuses.get(name) ?? (device ? 201 : 404);
        if (device && status === 201) {
          const body = Buffer.concat(chunks);
          const plain = decrypt(body, {
            version: "aes128gcm",
            privateKey: device.ecdh,
            authSecret: device.auth,
          });
          this.received.push({
            device: name,
            headers: req.headers,
            body,
            payload: JSON.parse(plain.toString("utf8")),
          });
        }
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  device(name: string): TestDevice {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${this.base}/push/${encodeURIComponent(name)}`;
    const device: TestDevice = {
      name,
      endpoint,
      ecdh,
      auth,
      json: {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      },
    };
    this.devices.set(name, device);
    return device;
  }

  /** Answers `status` to pushes for this device from now on (404/410: gone, 500: retry). */
  answer(name: string, status: number): void {
    this.statuses.set(name, status);
  }

  of(name: string): ReceivedPush[] {
    return this.received.filter((r) => r.device === name);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
