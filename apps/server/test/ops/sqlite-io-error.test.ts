import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatRequest, uniqueName } from "../helpers/test-server.js";
import { ChildServer } from "../reliability/support/child-server.js";

const havePrlimit = spawnSync("prlimit", ["--version"]).status === 0;

/**
 * A real I/O error: the server's file size limit (RLIMIT_FSIZE, lowered from outside with
 * prlimit) to one byte fails every write to the database and its WAL with EFBIG, and SQLite
 * answers SQLITE_IOERR_WRITE. (Node ignores SIGXFSZ, so the process lives on.) A limit at the
 * files' sizes would leave a small write room in the WAL, and /readyz's probe write could commit.
 */
describe.skipIf(!havePrlimit)("SQLite I/O errors", () => {
  let server: ChildServer;
  let token: string;
  let path: string;

  beforeAll(async () => {
    server = await ChildServer.start({ env: { RATE_LIMIT_PER_MINUTE: "0" } });
    const res = await fetch(`${server.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        action: "signup",
        username: uniqueName(),
        displayName: "IO",
        password: "correct horse",
      }),
    });
    token = ((await res.json()) as { streamToken: string }).streamToken;
    path = `/channels/team/${uniqueName("c")}`;
    expect((await chat("POST", `${path}/query`, {})).status).toBe(200);
  });
  afterAll(() => server?.dispose());

  const chat = (method: string, p: string, body?: unknown) =>
    chatRequest(server.url, server.appKey, token, method, p, body);
  const send = (text: string) => chat("POST", `${path}/messages`, { message: { text } });
  const readyz = async () => (await fetch(`${server.url}/readyz`)).status;
  const limitFileSize = (soft: string) => {
    const r = spawnSync("prlimit", ["--pid", String(server.pid), `--fsize=${soft}:unlimited`]);
    expect(r.status, r.stderr.toString()).toBe(0);
  };

  it("answers 503 unavailable naming the error, and is ready again once writes work", async () => {
    expect(await readyz()).toBe(200);
    limitFileSize("1");
    let refused: { status: number; body: any } | undefined;
    try {
      for (let i = 0; i < 2_000 && !refused; i++) {
        const r = await send(`${i} ${"x".repeat(4000)}`);
        if (r.status !== 201) refused = r;
      }
      expect(refused?.status).toBe(503);
      expect(refused?.body.error.code).toBe("unavailable");
      expect(refused?.body.error.message).toMatch(
        /could not read or write its files \(SQLITE_IOERR_\w+\): check the disk and the volume holding DATA_DIR/,
      );
      expect(await readyz()).toBe(503);
      expect(server.output.some((l) => l.includes("database writes fail"))).toBe(true);
    } finally {
      limitFileSize("unlimited");
    }
    const deadline = Date.now() + 5_000;
    while ((await readyz()) !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await readyz()).toBe(200);
    expect((await send("written again")).status).toBe(201);
  });
});
