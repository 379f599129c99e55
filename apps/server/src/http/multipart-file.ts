import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
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
    // The file is handed out through a stream of our own: busboy emits its own plain errors on
    // its file stream ("Part terminated early…") right after the form's, and the first one a
    // reader saw became a 500. Only the first failure, as a DomainError, reaches the reader.
    let found: PassThrough | undefined;
    const fail = (err: DomainError) => {
      if (found) found.destroy(err);
      else reject(err);
    };
    bb.on("file", (_field, stream, filename, _encoding, mimetype) => {
      if (found) {
        stream.resume();
        return;
      }
      const source = stream as BusboyFileStream;
      const file = new PassThrough();
      // Failing before the service reads it must not be an unhandled 'error' event.
      file.on("error", () => undefined);
      source.on("error", (err: Error) => file.destroy(formError(err)));
      source.pipe(file);
      // Once the file is done with (read, failed or refused), the rest of the form drains.
      const release = () => {
        source.unpipe(file);
        source.resume();
      };
      file.once("close", release);
      found = file;
      resolve({ filename, mimetype, stream: file, truncated: () => source.truncated, discard: release });
    });
    bb.on("field", () => undefined);
    bb.on("finish", () => {
      if (!found) reject(new DomainError(ErrorCode.badRequest, "the form has no file"));
    });
    bb.on("error", (err: Error) => {
      fail(formError(err));
      req.resume();
    });
    // A client gone mid-upload ends nothing by itself: fail the file, so what was written goes.
    req.on("close", () => {
      if (!req.complete)
        fail(new DomainError(ErrorCode.badRequest, "the upload was cut off before it ended"));
    });
    req.pipe(bb);
  });
}

/** A form busboy could not read: the client's fault, so 400, whatever busboy said. */
function formError(err: Error): DomainError {
  return /terminated early|unexpected end/i.test(err.message)
    ? new DomainError(
        ErrorCode.badRequest,
        "the form ended before its file did: the upload was cut short; send the whole form again",
      )
    : new DomainError(ErrorCode.badRequest, `the form could not be read: ${err.message}`);
}
