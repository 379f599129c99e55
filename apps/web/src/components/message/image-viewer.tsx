import type { AttachmentResponse } from "@parley/protocol";
import { formatBytes } from "@parley/protocol";
import { useChatClient } from "../../chat/client-context";
import { attempt } from "../../chat/notices";
import { downloadFile } from "../../chat/use-file-url";
import { Dialog } from "../ui/dialog";

/** The full-size image in a dialog, with its name, size and a download button. */
export function ImageViewer({
  src,
  file,
  onClose,
}: {
  src: string;
  file: AttachmentResponse;
  onClose: () => void;
}) {
  const client = useChatClient();
  return (
    <Dialog title={file.name} onClose={onClose} className="image-viewer">
      <img
        className="image-viewer__image"
        src={src}
        alt={file.name}
        width={file.width ?? undefined}
        height={file.height ?? undefined}
      />
      <div className="dialog__actions">
        <span className="muted">
          {file.width && file.height ? `${file.width} × ${file.height} · ` : ""}
          {formatBytes(file.size)}
        </span>
        <button
          type="button"
          className="button"
          onClick={() => attempt(`download ${file.name}`, () => downloadFile(client, file.url, file.name))}
        >
          Download
        </button>
      </div>
    </Dialog>
  );
}
