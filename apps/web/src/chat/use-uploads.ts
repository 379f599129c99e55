/** Files being attached in a composer: uploads with progress, cancel, and whether all are done. */
import type { Channel, Upload } from "@parley/client";
import type { AttachmentResponse } from "@parley/protocol";
import { useCallback, useEffect, useReducer, useState } from "react";

export const MAX_FILES_PER_MESSAGE = 10;

export interface Uploads {
  uploads: readonly Upload[];
  add: (files: Iterable<File>) => void;
  remove: (upload: Upload) => void;
  clear: () => void;
  /** Every upload finished (and at least one exists). */
  ready: AttachmentResponse[];
  busy: boolean;
  failed: boolean;
}

export function useUploads(channel: Channel): Uploads {
  const [uploads, setUploads] = useState<readonly Upload[]>([]);
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const subs = uploads.map((u) => u.subscribe(bump));
    return () => {
      for (const unsubscribe of subs) unsubscribe();
    };
  }, [uploads]);
  const add = useCallback(
    (files: Iterable<File>) => {
      const next = [...files].map((file) =>
        channel.uploadFile({ data: file, name: file.name || "pasted-file" }),
      );
      setUploads((list) => [...list, ...next].slice(0, MAX_FILES_PER_MESSAGE));
    },
    [channel],
  );
  const remove = useCallback((upload: Upload) => {
    upload.cancel();
    setUploads((list) => list.filter((u) => u !== upload));
  }, []);
  const clear = useCallback(() => setUploads([]), []);
  const ready = uploads.flatMap((u) => (u.state.file ? [u.state.file] : []));
  return {
    uploads,
    add,
    remove,
    clear,
    ready,
    busy: uploads.some((u) => u.state.status === "uploading"),
    failed: uploads.some((u) => u.state.status === "failed"),
  };
}
