import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

// A 3×2 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGP4z8DwH4YZYBwAUukH+f6MYWIAAAAASUVORK5CYII=",
  "base64",
);

let s: TestServer;
let ana: { token: string; id: string };
let bob: { token: string; id: string };
let eve: { token: string; id: string };
let path: string;

beforeAll(async () => {
  s = await startTestServer({ UPLOAD_MAX_BYTES: "4096" });
  const [a, b, e] = await Promise.all([s.signup(), s.signup(), s.signup()]);
  ana = { token: a.streamToken, id: a.user.id };
  bob = { token: b.streamToken, id: b.user.id };
  eve = { token: e.streamToken, id: e.user.id };
  path = `/channels/messaging/${uniqueName("f")}`;
  await s.chat(ana.token, "POST", `${path}/query`, { data: { members: [bob.id] } });
});
afterAll(() => s.close());

async function upload(token: string, name: string, type: string, data: Buffer | string) {
  const form = new FormData();
  form.append("file", new Blob([data], { type }), name);
  const res = await fetch(`${s.url}/chat${path}/uploads?api_key=${s.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const download = (token: string | null, url: string) =>
  fetch(`${s.url}${url}?api_key=${s.apiKey}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

const stored = () => readdirSync(join(s.dataDir, "uploads")).length;

describe("uploads", () => {
  it("stores an image with its dimensions and serves it inline to members only", async () => {
    const up = await upload(ana.token, "dot.png", "image/png", PNG);
    expect(up.status).toBe(201);
    expect(up.body.file).toMatchObject({
      type: "image",
      name: "dot.png",
      width: 3,
      height: 2,
      size: PNG.length,
    });
    const msg = await s.chat(ana.token, "POST", `${path}/messages`, {
      message: { text: "", attachments: [up.body.file.id] },
    });
    expect(msg.status).toBe(201);
    expect(msg.body.message.attachments[0].id).toBe(up.body.file.id);
    const res = await download(bob.token, up.body.file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toMatch(/^inline/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await download(null, up.body.file.url)).status).toBe(401);
    expect((await download(eve.token, up.body.file.url)).status).toBe(403);
  });

  it("never serves SVG or HTML inline", async () => {
    for (const [name, type, body] of [
      ["x.svg", "image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"],
      ["x.html", "text/html", "<script>alert(1)</script>"],
    ] as const) {
      const up = await upload(ana.token, name, type, body);
      expect(up.body.file.type).toBe("file");
      const res = await download(ana.token, up.body.file.url);
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment/);
    }
  });

  it("refuses oversized files with 413 and leaves nothing behind", async () => {
    const before = stored();
    const r = await upload(ana.token, "big.bin", "application/octet-stream", Buffer.alloc(5000, 1));
    expect(r.status).toBe(413);
    expect(r.body.error.message).toBe("files must be at most 4.0 KB");
    expect(stored()).toBe(before);
  });

  it("leaves no file and no message when the upload is cut off half way", async () => {
    const before = stored();
    const messagesBefore = (await s.chat(ana.token, "GET", `${path}/messages`)).body.messages.length;
    const boundary = "cutoff";
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="half.bin"\r\n` +
        "content-type: application/octet-stream\r\n\r\n",
    );
    const url = new URL(`${s.url}/chat${path}/uploads?api_key=${s.apiKey}`);
    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${ana.token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + 3000 + 100),
        },
      });
      req.on("error", () => resolve());
      req.write(head);
      req.write(Buffer.alloc(1500, 7));
      // half of the file is on its way: the connection dies
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    // the server notices and cleans up
    await new Promise((r) => setTimeout(r, 500));
    expect(stored()).toBe(before);
    expect((await s.chat(ana.token, "GET", `${path}/messages`)).body.messages).toHaveLength(messagesBefore);
  });

  it("refuses disallowed types with 415 and non-members with 403", async () => {
    expect((await upload(ana.token, "x.exe", "application/x-msdownload", "MZ")).status).toBe(415);
    expect((await upload(eve.token, "a.txt", "text/plain", "hi")).status).toBe(403);
  });

  it("keeps unattached files to their uploader, and only lets the uploader attach them", async () => {
    const up = await upload(ana.token, "notes.txt", "text/plain", "hello");
    expect((await download(bob.token, up.body.file.url)).status).toBe(404);
    const stolen = await s.chat(bob.token, "POST", `${path}/messages`, {
      message: { text: "mine", attachments: [up.body.file.id] },
    });
    expect(stolen.status).toBe(400);
  });

  it("removes access to a deleted message's files", async () => {
    const up = await upload(ana.token, "gone.txt", "text/plain", "bye");
    const msg = await s.chat(ana.token, "POST", `${path}/messages`, {
      message: { text: "file", attachments: [up.body.file.id] },
    });
    expect((await download(bob.token, up.body.file.url)).status).toBe(200);
    await s.chat(ana.token, "DELETE", `/messages/${msg.body.message.id}`);
    expect((await download(bob.token, up.body.file.url)).status).toBe(404);
    expect(
      (await s.chat(bob.token, "GET", `/messages/${msg.body.message.id}`)).body.message.attachments,
    ).toEqual([]);
  });
});

describe("maintenance", () => {
  it("removes uploads never attached after a day, and keeps attached ones", async () => {
    const { runMaintenance } = await import("../../src/domain/maintenance.js");
    const { diskFileStore } = await import("../../src/store/files/disk-file-store.js");
    const orphan = await upload(ana.token, "orphan.txt", "text/plain", "lonely");
    const kept = await upload(ana.token, "kept.txt", "text/plain", "kept");
    await s.chat(ana.token, "POST", `${path}/messages`, {
      message: { text: "k", attachments: [kept.body.file.id] },
    });
    const before = stored();
    const later = () => new Date(Date.now() + 25 * 3600 * 1000);
    const r = await runMaintenance(s.app.store, diskFileStore(join(s.dataDir, "uploads")), later);
    expect(r.uploads).toBeGreaterThanOrEqual(1);
    expect(stored()).toBeLessThan(before);
    expect((await download(ana.token, orphan.body.file.url)).status).toBe(404);
    expect((await download(bob.token, kept.body.file.url)).status).toBe(200);
  });
});
