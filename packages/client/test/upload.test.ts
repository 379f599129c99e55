import { describe, expect, test } from "vitest";
import { Upload, type XMLHttpRequestLike, xhrTransport } from "../src/index.js";

/** An XMLHttpRequest the test drives: progress, answer, network error. */
class FakeXHR implements XMLHttpRequestLike {
  static last: FakeXHR | undefined;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | undefined;
  aborted = false;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: never) => void) | null } = { onprogress: null };
  onload: ((event: never) => void) | null = null;
  onerror: ((event: never) => void) | null = null;
  onabort: ((event: never) => void) | null = null;
  constructor() {
    FakeXHR.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    (this.onabort as (() => void) | null)?.();
  }
  progress(loaded: number, total: number) {
    (
      this.upload.onprogress as
        | ((e: { loaded: number; total: number; lengthComputable: boolean }) => void)
        | null
    )?.({
      loaded,
      total,
      lengthComputable: true,
    });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    (this.onload as (() => void) | null)?.();
  }
}

const file = {
  id: "f1",
  type: "image",
  name: "a.png",
  mime: "image/png",
  size: 4,
  width: 2,
  height: 2,
  url: "/chat/uploads/f1",
};

function start() {
  const upload = new Upload(
    xhrTransport(FakeXHR),
    "http://x/chat/channels/messaging/g/uploads?api_key=k",
    { Authorization: "Bearer t" },
    {
      data: new Blob(["abcd"], { type: "image/png" }),
      name: "a.png",
    },
  );
  return { upload, xhr: FakeXHR.last! };
}

describe("uploads", () => {
  test("post the file as multipart with the token, report progress, then the uploaded file", async () => {
    const { upload, xhr } = start();
    expect(xhr.method).toBe("POST");
    expect(xhr.headers.Authorization).toBe("Bearer t");
    expect((xhr.body!.get("file") as File).name).toBe("a.png");
    const seen: number[] = [];
    upload.subscribe(() => seen.push(upload.state.loaded));
    xhr.progress(2, 4);
    expect(upload.state).toMatchObject({ status: "uploading", loaded: 2, total: 4 });
    xhr.answer(201, { file });
    await expect(upload.promise).resolves.toEqual(file);
    expect(upload.state).toMatchObject({ status: "uploaded", file });
    expect(seen).toContain(2);
  });

  test("cancel aborts the request and marks the upload cancelled", async () => {
    const { upload, xhr } = start();
    upload.cancel();
    expect(xhr.aborted).toBe(true);
    await expect(upload.promise).rejects.toMatchObject({ code: "aborted" });
    expect(upload.state.status).toBe("cancelled");
  });

  test("an error answer (413, 415) fails with the server's message", async () => {
    const { upload, xhr } = start();
    xhr.answer(413, { error: { code: "payload_too_large", message: "the file is over 25 MiB" } });
    await expect(upload.promise).rejects.toMatchObject({ status: 413, code: "payload_too_large" });
    expect(upload.state.status).toBe("failed");
    expect(upload.state.error?.message).toBe("the file is over 25 MiB");
  });
});
