import type { Upload } from "@parley/client";
import { formatBytes } from "@parley/protocol";
import { useUploadState } from "../../chat/use-snapshot";
import { Icon } from "../ui/icons";

function UploadChip({ upload, onRemove }: { upload: Upload; onRemove: () => void }) {
  const s = useUploadState(upload);
  const percent = s.total > 0 ? Math.round((s.loaded / s.total) * 100) : 0;
  const label =
    s.status === "uploading"
      ? `Uploading ${percent}%`
      : s.status === "failed"
        ? (s.error?.message ?? "Upload failed")
        : formatBytes(s.size);
  return (
    <li className={`upload upload--${s.status}`} data-testid="upload">
      <span className="upload__name">{s.name}</span>
      <span className="upload__meta">{label}</span>
      {s.status === "uploading" && (
        <progress className="upload__progress" max={100} value={percent} aria-label={`Uploading ${s.name}`} />
      )}
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={s.status === "uploading" ? `Cancel upload of ${s.name}` : `Remove ${s.name}`}
        onClick={onRemove}
      >
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** The files attached to the message being written, with progress and cancel. */
export function UploadTray({
  uploads,
  onRemove,
}: {
  uploads: readonly Upload[];
  onRemove: (u: Upload) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-tray" aria-label="Attached files">
      {uploads.map((u) => (
        <UploadChip key={u.state.localId} upload={u} onRemove={() => onRemove(u)} />
      ))}
    </ul>
  );
}
