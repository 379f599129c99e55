import type { AttachmentResponse } from "@parley/protocol";
import type { UploadRow } from "../../store/store.js";

/** Image types shown inline; everything else (SVG and HTML included) is a download. */
export const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

export function toAttachment(u: UploadRow): AttachmentResponse {
  const image = INLINE_IMAGE_TYPES.has(u.mime) && u.width !== null;
  return {
    id: u.id,
    type: image ? "image" : "file",
    name: u.name,
    mime: u.mime,
    size: u.size,
    width: u.width,
    height: u.height,
    url: `/chat/uploads/${u.id}`,
  };
}
