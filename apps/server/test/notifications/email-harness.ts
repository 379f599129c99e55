import { startTestServer, type TestServer } from "../helpers/test-server.js";

/** The servers' clock, which a test moves forward (a digest waits for minutes of it). */
export class TestClock {
  #offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.#offsetMs);
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}

export const MINUTE = 60_000;

export interface EmailTestServer extends TestServer {
  clock: TestClock;
  /** A call without credentials, as a link opened from an email makes it. */
  post(path: string, body: string, contentType: string): Promise<{ status: number; body: any }>;
}

/** The real server as test/helpers/test-server.ts starts it, with a clock the test moves. */
export async function startEmailServer(env: Record<string, string> = {}): Promise<EmailTestServer> {
  const clock = new TestClock();
  const server = await startTestServer(env, { clock: clock.now });
  return Object.assign(server, {
    clock,
    async post(path: string, body: string, contentType: string) {
      const res = await fetch(`${server.url}/chat${path}`, {
        method: "POST",
        headers: { "content-type": contentType },
        body,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  });
}
