/**
 * File uploads (docs/api.md "Uploads"): `POST /channels/{type}/{id}/uploads` as multipart, with
 * upload progress (XMLHttpRequest where there is one, fetch otherwise) and cancellation. An
 * `Upload` is a small state object UIs subscribe to, like a channel.
 */
import type { AttachmentResponse } from "@parley/protocol";
import { apiError } from "./api-call.js";
import { ChatNetworkError } from "./errors.js";
import { Listeners } from "./event-emitter.js";
import type { FetchLike, XMLHttpRequestConstructor } from "./types.js";

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  onProgress(progress: UploadProgress): void;
  signal: AbortSignal;
}

/** The HTTP answer of an upload; rejects only when no answer came (network, abort). */
export type UploadTransport = (request: UploadRequest) => Promise<{ status: number; text: string }>;

interface ProgressLike {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

function abortError(): ChatNetworkError {
  return new ChatNetworkError("upload cancelled", undefined, "aborted");
}

/** Uploads with XMLHttpRequest: progress events while the body is sent. */
export function xhrTransport(XHR: XMLHttpRequestConstructor): UploadTransport {
  return (request) =>
    new Promise((resolve, reject) => {
      if (request.signal.aborted) {
        reject(abortError());
        return;
      }
      const xhr = new XHR();
      xhr.open("POST", request.url);
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event: ProgressLike) => {
        if (event.lengthComputable) request.onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new ChatNetworkError("upload failed: network error"));
      xhr.onabort = () => reject(abortError());
      request.signal.addEventListener("abort", () => xhr.abort(), { once: true });
      xhr.send(request.body);
    });
}

/** Uploads with fetch: no progress until the answer (then 100 %). */
export function fetchTransport(fetchImpl: FetchLike): UploadTransport {
  return async (request) => {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal.aborted) throw abortError();
      throw new ChatNetworkError(`upload failed: ${(error as Error)?.message ?? error}`, error);
    }
    const text = await response.text().catch(() => "");
    return { status: response.status, text };
  };
}

/** The transport to use when none was given: XMLHttpRequest when the platform has it, else fetch. */
export function defaultUploadTransport(
  fetchImpl: FetchLike | undefined,
  XHR: XMLHttpRequestConstructor | undefined,
): UploadTransport {
  const xhr = XHR ?? (globalThis as { XMLHttpRequest?: XMLHttpRequestConstructor }).XMLHttpRequest;
  if (xhr) return xhrTransport(xhr);
  const f = fetchImpl ?? (globalThis.fetch as FetchLike | undefined);
  if (!f) throw new Error("No XMLHttpRequest or fetch to upload with");
  return fetchTransport(f);
}

export type UploadStatus = "uploading" | "uploaded" | "failed" | "cancelled";

export interface UploadSnapshot {
  /** A local id for lists (not the server's file id). */
  readonly localId: string;
  readonly name: string;
  readonly size: number;
  readonly mime: string;
  readonly status: UploadStatus;
  readonly loaded: number;
  readonly total: number;
  /** The uploaded file, once `status` is "uploaded". */
  readonly file: AttachmentResponse | undefined;
  readonly error: Error | undefined;
}

/** A file as the SDK uploads it: a Blob (a browser File is one) and its name. */
export interface UploadInput {
  data: Blob;
  name: string;
}

let uploadCounter = 0;

/** Checks an answer against the route table (RestClient.answerCheck). */
export type AnswerCheck = (status: number, body: unknown) => Promise<void>;

/** One file being uploaded: progress, result, cancel. Starts on construction. */
export class Upload {
  readonly promise: Promise<AttachmentResponse>;
  readonly #listeners = new Listeners(() => {});
  readonly #controller = new AbortController();
  #state: UploadSnapshot;
  readonly #check: AnswerCheck | undefined;

  constructor(
    transport: UploadTransport,
    url: string,
    headers: Record<string, string>,
    input: UploadInput,
    check?: AnswerCheck,
  ) {
    uploadCounter += 1;
    this.#check = check;
    const size = input.data.size;
    this.#state = {
      localId: `upload-${uploadCounter}`,
      name: input.name,
      size,
      mime: input.data.type,
      status: "uploading",
      loaded: 0,
      total: size,
      file: undefined,
      error: undefined,
    };
    const body = new FormData();
    body.append("file", input.data, input.name);
    this.promise = this.#run(transport, { url, headers, body, signal: this.#controller.signal });
    // Callers that only watch the state must not see an unhandled rejection.
    this.promise.catch(() => {});
  }

  get state(): UploadSnapshot {
    return this.#state;
  }

  getSnapshot = (): UploadSnapshot => this.#state;

  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  /** Stops the upload; the promise rejects with a ChatNetworkError of code "aborted". */
  cancel(): void {
    if (this.#state.status !== "uploading") return;
    this.#controller.abort();
  }

  async #run(
    transport: UploadTransport,
    request: Omit<UploadRequest, "onProgress">,
  ): Promise<AttachmentResponse> {
    try {
      const answer = await transport({
        ...request,
        onProgress: ({ loaded, total }) => {
          if (this.#state.status === "uploading") this.#set({ loaded, total: total || this.#state.total });
        },
      });
      if (answer.status < 200 || answer.status >= 300) throw apiError(answer.status, answer.text);
      const body = JSON.parse(answer.text) as { file: AttachmentResponse };
      await this.#check?.(answer.status, body);
      const file = body.file;
      this.#set({ status: "uploaded", file, loaded: this.#state.total });
      return file;
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      const cancelled = this.#controller.signal.aborted;
      this.#set({ status: cancelled ? "cancelled" : "failed", error: err });
      throw err;
    }
  }

  #set(patch: Partial<UploadSnapshot>): void {
    this.#state = { ...this.#state, ...patch };
    this.#listeners.notify();
  }
}
