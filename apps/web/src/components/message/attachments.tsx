import type { AttachmentResponse } from "@parley/protocol";
import { formatBytes } from "@parley/protocol";
import { useState } from "react";
import { useChatClient } from "../../chat/client-context";
import { downloadFile, useFileURL } from "../../chat/use-file-url";
import { Icon } from "../ui/icons";
import { ImageViewer } from "./image-viewer";

const MAX_W = 360;
const MAX_H = 280;

/** The thumbnail box: the image's own ratio, at most 360 × 280, known before it loads. */
export function thumbnailSize(
  width: number | null,
  height: number | null,
): { width: number; height: number } {
  if (!width || !height) return { width: 240, height: 180 };
  const scale = Math.min(1, MAX_W / width, MAX_H / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function ImageAttachment({ file }: { file: AttachmentResponse }) {
  const client = useChatClient();
  const blob = useFileURL(client, file.url);
  const [open, setOpen] = useState(false);
  const size = thumbnailSize(file.width, file.height);
  return (
    <>
      <button
        type="button"
        className="attachment-image"
        style={{ width: size.width, aspectRatio: `${size.width} / ${size.height}` }}
        onClick={() => setOpen(true)}
        aria-label={`Open image ${file.name}`}
        disabled={blob.status !== "ready"}
      >
        {blob.status === "ready" && (
          <img
            src={blob.url}
            alt={file.name}
            width={size.width}
            height={size.height}
            data-testid="attachment-image"
          />
        )}
        {blob.status === "error" && <span className="attachment-image__error">Image unavailable</span>}
      </button>
      {open && blob.status === "ready" && (
        <ImageViewer src={blob.url} file={file} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function FileCard({ file }: { file: AttachmentResponse }) {
  const client = useChatClient();
  const [failed, setFailed] = useState(false);
  return (
    <div className="file-card" data-testid="attachment-file">
      <span className="file-card__icon">
        <Icon name="file" size={24} />
      </span>
      <span className="file-card__meta">
        <span className="file-card__name">{file.name}</span>
        <span className="file-card__size">{failed ? "Download failed" : formatBytes(file.size)}</span>
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Download ${file.name}`}
        onClick={() => downloadFile(client, file.url, file.name).catch(() => setFailed(true))}
      >
        <Icon name="download" />
      </button>
    </div>
  );
}

/** A message's files: images as thumbnails (space reserved, no layout shift), others as cards. */
export function Attachments({ files }: { files: readonly AttachmentResponse[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {files.map((file) => (
        <li key={file.id}>
          {file.type === "image" ? <ImageAttachment file={file} /> : <FileCard file={file} />}
        </li>
      ))}
    </ul>
  );
}
