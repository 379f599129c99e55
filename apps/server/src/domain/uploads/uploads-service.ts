import { randomBytes, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { type AttachmentResponse, ErrorCode, formatBytes } from "@parley/protocol";
import { imageSize } from "image-size";
import type { Store, UploadRow } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { DomainError, notFound } from "../errors.js";
import { INLINE_IMAGE_TYPES, toAttachment } from "./attachment.js";
import type { FileStore } from "./file-store.js";

/** Types accepted for upload; anything else is refused with 415. */
const ALLOWED = [
  /^image\/(png|jpeg|gif|webp|avif|svg\+xml|bmp|heic|heif)$/,
  /^text\/(plain|csv|markdown|html|calendar)$/,
  /^application\/(pdf|json|zip|gzip|x-tar|x-7z-compressed|rtf|octet-stream)$/,
  /^application\/(msword|vnd\.ms-excel|vnd\.ms-powerpoint)$/,
  /^application\/vnd\.(openxmlformats-officedocument|oasis\.opendocument)\.[\w.-]+$/,
  /^audio\/(mpeg|ogg|wav|webm|mp4|aac|flac)$/,
  /^video\/(mp4|webm|ogg|quicktime)$/,
];

export interface IncomingFile {
  filename: string;
  mimetype: string;
  stream: Readable;
  /** True when the stream was cut at the size limit. */
  truncated(): boolean;
}

export interface OpenedFile {
  upload: UploadRow;
  inline: boolean;
  stream: Readable;
}

export class UploadsService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly files: FileStore,
    private readonly maxBytes: number,
    private readonly clock: Clock,
  ) {}

  /** Stores a file for a channel; nothing is kept when any step fails. Attach it by sending a message. */
  async upload(actor: Actor, cid: string, file: IncomingFile): Promise<AttachmentResponse> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "UploadAttachment");
    if (!ctx.config.uploads)
      throw new DomainError(ErrorCode.badRequest, "uploads are turned off for this channel type");
    const mime = file.mimetype.toLowerCase();
    if (!ALLOWED.some((re) => re.test(mime))) {
      throw new DomainError(ErrorCode.unsupportedMediaType, `files of type ${mime} cannot be uploaded`);
    }
    const key = randomBytes(16).toString("hex");
    const size = await this.files.save(key, file.stream);
    try {
      if (file.truncated()) {
        throw new DomainError(
          ErrorCode.payloadTooLarge,
          `files must be at most ${formatBytes(this.maxBytes)}`,
        );
      }
      const dims = INLINE_IMAGE_TYPES.has(mime) ? await this.dimensions(key) : null;
      const row: UploadRow = {
        id: randomUUID(),
        cid,
        user_id: actor.userId,
        message_id: null,
        name: cleanName(file.filename),
        mime,
        size,
        width: dims?.width ?? null,
        height: dims?.height ?? null,
        storage_key: key,
        created_at: iso(this.clock()),
        deleted_at: null,
      };
      await this.store.uploads.insert(row);
      return toAttachment(row);
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  /** A file for someone who may read its channel (before it is attached: only its uploader). */
  async open(actor: Actor, id: string): Promise<OpenedFile> {
    const upload = await this.store.uploads.get(id);
    if (!upload || upload.deleted_at) throw notFound("file");
    await loadChannel(this.store, this.types, actor, upload.cid, "ReadChannel");
    if (!upload.message_id && upload.user_id !== actor.userId) throw notFound("file");
    return {
      upload,
      inline: toAttachment(upload).type === "image",
      stream: this.files.open(upload.storage_key),
    };
  }

  private async dimensions(key: string): Promise<{ width: number; height: number } | null> {
    try {
      const d = imageSize(await this.files.head(key, 512 * 1024));
      return d.width && d.height ? { width: d.width, height: d.height } : null;
    } catch {
      return null;
    }
  }
}

function cleanName(name: string): string {
  const base = name
    .replace(/[\\/]/g, "_")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim();
  return (base || "file").slice(0, 200);
}
