import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { nastyString } from "./arbitraries.js";
import { expectDocumented } from "./documented.js";
import { multipart } from "./multipart.js";
import { assertQuietly, expectStillServing, type FuzzTarget } from "./rest-harness.js";

/**
 * Upload metadata: raw multipart bodies with fuzzed file names (quotes, CR/LF, path tricks,
 * direction overrides, huge), content types, part names and shapes (no file, two files, extra
 * fields, a broken boundary). Every answer is 201 or a documented 4xx; every stored name is clean
 * and every download carries a safe Content-Disposition, nosniff and a sandboxing CSP.
 */
const RUNS = 250;
const PATH = "/channels/messaging/upfuzz";

let s: TestServer;
let target: FuzzTarget;
const rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);
const stored: { id: string; name: string; url: string }[] = [];

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  s = await startTestServer({ LOG_LEVEL: "silent", UPLOAD_MAX_BYTES: "2048" });
  target = { url: s.url, apiKey: s.apiKey, token: s.admin.streamToken };
  await s.chat(s.admin.streamToken, "POST", `${PATH}/query`, {});
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await s.close();
});

const fileName = fc.oneof(
  nastyString,
  fc.constantFrom(
    'a"; name="evil.html',
    "a\r\nContent-Type: text/html\r\n\r\n<script>",
    "../../../etc/passwd",
    "..\\..\\boot.ini",
    "\u202egnp.exe",
    "<img src=x onerror=alert(1)>.png",
    "CON",
    ".",
    "",
    "x".repeat(600),
  ),
);
const mimeType = fc.oneof(
  fc.constantFrom("text/plain", "image/png", "image/svg+xml", "text/html", "application/pdf", "TEXT/PLAIN"),
  fc.constantFrom("", "text/plain; charset=utf-8", "application/x-msdownload", "../../x", "a".repeat(300)),
  nastyString,
);
const shape = fc.constantFrom("one", "one", "one", "none", "two", "field", "broken", "star");

describe("upload fuzz", () => {
  it(`answers ${RUNS} fuzzed uploads with 201 or a documented 4xx`, async () => {
    const property = fc.asyncProperty(
      fileName,
      mimeType,
      shape,
      fc.constantFrom(0, 5, 2048, 3000),
      async (name, type, kind, size) => {
        const { body, boundary } = multipart(kind, name, type, size);
        const res = await fetch(`${s.url}/chat${PATH}/uploads?api_key=${s.apiKey}`, {
          method: "POST",
          signal: AbortSignal.timeout(5000),
          headers: {
            authorization: `Bearer ${target.token}`,
            "content-type": `multipart/form-data; boundary=${boundary}`,
          },
          body,
        });
        const text = await res.text();
        const parsed = text ? JSON.parse(text) : undefined;
        expectDocumented(
          res.status,
          parsed,
          `upload ${JSON.stringify({ name, type, kind, size }).slice(0, 200)}`,
        );
        if (res.status === 201) stored.push(parsed.file);
      },
    );
    await assertQuietly(property, RUNS);
  });

  it("stores only clean names and serves every file as a sandboxed download", async () => {
    expect(stored.length).toBeGreaterThan(10);
    for (const f of stored) {
      expect(f.name).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
      expect(f.name.length).toBeGreaterThan(0);
      expect(f.name.length).toBeLessThanOrEqual(200);
      const res = await fetch(`${s.url}${f.url}?api_key=${s.apiKey}`, {
        headers: { authorization: `Bearer ${target.token}` },
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      const disposition = res.headers.get("content-disposition") ?? "";
      expect(disposition).toMatch(/^(inline|attachment); filename\*=UTF-8''[A-Za-z0-9%._~!'()*-]*$/);
      if (!/^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(res.headers.get("content-type") ?? "")) {
        expect(res.headers.get("content-type")).toBe("application/octet-stream");
      }
    }
  });

  it("is still serving, with no unhandled rejection", () => expectStillServing(target, rejections));
});
