import { readdirSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { openDb } from "../reliability/support/db.js";

/**
 * A client that stops in the middle of a file part and then ends its request (a chunked body
 * whose last chunk comes early, or a Content-Length that counts only what was sent) once got
 * 500 ("Part terminated early"). It is the client's fault: 400 with the error body, and nothing
 * of the file is left in DATA_DIR/uploads nor in the store.
 */
const PATH = "/channels/messaging/upcut";
let s: TestServer;
let uploadPath: string;

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: "silent", SINGLE_NODE: "1" });
  await s.chat(s.admin.streamToken, "POST", `${PATH}/query`, {});
  uploadPath = `/chat${PATH}/uploads?api_key=${s.apiKey}`;
});
afterAll(() => s.close());

const BOUNDARY = "----cutshort7d1f";
const HEADERS = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="half.txt"\r\nContent-Type: text/plain\r\n\r\n`;

/** Everything up to the middle of a file part of `fileBytes`, with `before` ahead of it. */
function halfAPart(fileBytes: number, before = ""): Buffer {
  return Buffer.concat([Buffer.from(before + HEADERS), Buffer.alloc(fileBytes / 2, 0x41)]);
}

interface Answer {
  status: number;
  body: any;
}

/** Sends `chunks` as a chunked body, then ends it with the last chunk. */
function chunked(chunks: Buffer[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(s.url);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: uploadPath,
        headers: {
          authorization: `Bearer ${s.admin.streamToken}`,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error("no answer")));
    for (const c of chunks) req.write(c);
    req.end();
  });
}

/**
 * Sends the request over raw TCP with a Content-Length of `declared` bytes and `body` after it,
 * and reads until the server closes. `finish` ends the client's side once the body is sent
 * (a FIN before the declared length aborts the request: there is no one to answer then).
 */
function rawWithLength(body: Buffer, declared = body.length, finish = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(s.url);
    const socket = connect(Number(port), "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (c: string) => {
      text += c;
    });
    socket.on("error", reject);
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer")));
    socket.on("close", () => {
      const [head = "", payload = ""] = text.split("\r\n\r\n");
      const status = Number(head.split(" ")[1]);
      resolve({ status, body: payload ? JSON.parse(payload) : undefined });
    });
    socket.write(
      `POST ${uploadPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.admin.streamToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n`,
    );
    if (finish) socket.end(body);
    else socket.write(body);
  });
}

function uploadsLeft(): string[] {
  return readdirSync(join(s.dataDir, "uploads"));
}

function uploadRows(): number {
  const db = openDb(s.dataDir);
  try {
    return (db.prepare("select count(*) as n from uploads").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function expectCutShort(answer: Answer): void {
  expect(answer.status).toBe(400);
  expect(answer.body?.error?.code).toBe("bad_request");
  expect(answer.body?.error?.message).toMatch(/ended before|cut off|could not be read/);
}

describe("an upload cut short and ended", () => {
  it("answers 400 when a chunked body ends in the middle of the file", async () => {
    expectCutShort(await chunked([halfAPart(64 * 1024)]));
    expect(uploadsLeft()).toEqual([]);
  });

  it("answers 400 when the body ends in the middle of a larger file sent in pieces", async () => {
    const part = halfAPart(1024 * 1024);
    const pieces = [part.subarray(0, 100), part.subarray(100, 300_000), part.subarray(300_000)];
    expectCutShort(await chunked(pieces));
    expect(uploadsLeft()).toEqual([]);
  });

  it("answers 400 when a field came before the cut-off file", async () => {
    const field = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`;
    expectCutShort(await chunked([halfAPart(4096, field)]));
    expect(uploadsLeft()).toEqual([]);
  });

  it("answers 400 when the body ends inside the part's headers", async () => {
    expectCutShort(await chunked([Buffer.from(HEADERS.slice(0, 50))]));
    expect(uploadsLeft()).toEqual([]);
  });

  it("answers 400 when Content-Length counts only half of the file", async () => {
    expectCutShort(await rawWithLength(halfAPart(64 * 1024)));
    expect(uploadsLeft()).toEqual([]);
  });

  it("keeps nothing when the client ends its side before the declared length", async () => {
    const answer = await rawWithLength(halfAPart(256 * 1024), 1024 * 1024, true);
    expect(answer.status === 400 || Number.isNaN(answer.status), JSON.stringify(answer)).toBe(true);
    const deadline = Date.now() + 2000;
    while (uploadsLeft().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(uploadsLeft()).toEqual([]);
  });

  it("keeps no row and still serves uploads", async () => {
    expect(uploadRows()).toBe(0);
    const full = Buffer.concat([halfAPart(10), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const ok = await chunked([full]);
    expect(ok.status).toBe(201);
    expect(uploadsLeft()).toHaveLength(1);
    expect(uploadRows()).toBe(1);
  });
});
