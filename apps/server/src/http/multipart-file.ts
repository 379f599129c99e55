import type { IncomingMessage } from "node:http";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { ErrorCode } from "@parley/protocol";
import { DomainError } from "../domain/errors.js";
import type { IncomingFile } from "../domain/uploads/uploads-service.js";

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 1024;

/**
 * The first file of a multipart/form-data request, as a stream. Busboy stays piped until the
 * request ends: text fields and any further files are read and dropped, so a request is always
 * consumed whole and its connection goes back to idle, whatever the handler answers. Call
 * `discard()` when the file will not be read (a refused upload), so the rest of the body drains.
 */
export function firstFile(
  req: IncomingMessage,
  maxBytes: number,
): Promise<IncomingFile & { discard(): void }> {
  return new Promise((resolve, reject) => {
    let bb: InstanceType<typeof Busboy>;
    try {
      bb = new Busboy({
        headers: req.headers as { "content-type": string },
        limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
    } catch {
      reject(new DomainError(ErrorCode.badRequest, "send the file as multipart/form-data"));
      return;
    }
    let found: BusboyFileStream | undefined;
    bb.on("file", (_field, stream, filename, _encoding, mimetype) => {
      if (found) {
        stream.resume();
        return;
      }
      found = stream as BusboyFileStream;
      resolve({
        filename,
        mimetype,
        stream,
        truncated: () => stream.truncated,
        discard: () => stream.resume(),
      });
    });
    bb.on("field", () => undefined);
    bb.on("finish", () => {
      if (!found) reject(new DomainError(ErrorCode.badRequest, "the form has no file"));
    });
    bb.on("error", (err: Error) => {
      const malformed = new DomainError(ErrorCode.badRequest, `the form could not be read: ${err.message}`);
      if (found) found.destroy(malformed);
      else reject(malformed);
      req.resume();
    });
    // A client gone mid-upload ends nothing by itself: fail the file, so what was written goes.
    req.on("close", () => {
      if (req.complete) return;
      const cut = new DomainError(ErrorCode.badRequest, "the upload was cut off before it ended");
      if (found) found.destroy(cut);
      else reject(cut);
    });
    req.pipe(bb);
  });
}
