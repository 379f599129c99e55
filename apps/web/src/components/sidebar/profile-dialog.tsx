import { type FormEvent, useState } from "react";
import { useChatClient, useClientState } from "../../chat/client-context";
import { useSettledValue } from "../../chat/use-settled-value";
import { updateProfile } from "../../session/profile-api";
import { Avatar } from "../avatar";
import { TextField } from "../text-field";

import { Dialog } from "../ui/dialog";
import { UserStatusMark } from "../user-status";

/** Edit the display name and picture (`PATCH /api/profile`); the chat user follows. */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const client = useChatClient();
  const { user } = useClientState();
  const [name, setName] = useState(user?.name ?? "");
  const [image, setImage] = useState(user?.image ?? "");
  // The preview is fetched (through the image proxy) once typing pauses, not for every keystroke.
  const previewImage = useSettledValue(image.trim(), 500);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields?: Record<string, string> } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await updateProfile({ displayName: name.trim(), profilePicture: image.trim() });
    setBusy(false);
    if (!result.ok) {
      setError(
        result.fields ? { message: result.message, fields: result.fields } : { message: result.message },
      );
      return;
    }
    client.applyOwnProfile({ name: result.user.displayName, image: result.user.profilePicture });
    onClose();
  };

  return (
    <Dialog title="Your profile" onClose={onClose}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        <div className="profile-preview">
          <Avatar name={name || "?"} image={previewImage} colourKey={user?.id ?? ""} />
          <span className="muted">@{user?.id}</span>
          <UserStatusMark user={user} variant="full" />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        )}
        <TextField
          name="displayName"
          label="Display name"
          value={name}
          maxLength={64}
          onChange={(e) => setName(e.target.value)}
          error={error?.fields?.displayName}
          autoFocus
        />
        <TextField
          name="profilePicture"
          type="url"
          label="Profile picture URL"
          optional
          placeholder="https://"
          value={image}
          onChange={(e) => setImage(e.target.value)}
          hint="A link to an image. Leave it empty to show your initials."
          error={error?.fields?.profilePicture}
        />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
