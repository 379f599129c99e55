import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { CHANNEL_TOPIC_MAX } from "@parley/protocol";
import { type FormEvent, useState } from "react";
import { TextField } from "../text-field";
import { Dialog } from "../ui/dialog";

/** Rename the channel, change its picture and its topic. */
export function ChannelSettingsDialog({
  channel,
  state,
  onClose,
}: {
  channel: Channel;
  state: ChannelStateSnapshot;
  onClose: () => void;
}) {
  const [name, setName] = useState(state.channel?.name ?? "");
  const [image, setImage] = useState(state.channel?.image ?? "");
  const [topic, setTopic] = useState(state.channel?.topic ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await channel.update({
        name: name.trim(),
        image: image.trim(),
        topic: topic.replace(/\s+/g, " ").trim(),
      });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Channel settings" onClose={onClose}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <TextField
          name="name"
          label="Name"
          value={name}
          maxLength={128}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        <TextField
          name="image"
          type="url"
          label="Picture URL"
          optional
          placeholder="https://"
          value={image}
          onChange={(e) => setImage(e.target.value)}
          hint="Leave it empty to show initials."
        />
        <TextField
          name="topic"
          label="Topic"
          optional
          value={topic}
          maxLength={CHANNEL_TOPIC_MAX}
          onChange={(e) => setTopic(e.target.value)}
          hint="One line shown under the channel's name."
        />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
