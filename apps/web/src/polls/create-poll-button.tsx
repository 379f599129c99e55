import type { Channel, ChatClient } from "@parley/client";
import { useState } from "react";
import { Dialog } from "../components/ui/dialog";
import { CreatePollForm } from "./create-poll-form";
import { useCreatePoll } from "./use-create-poll";
import "./forms.css";
import "./polls.css";

interface CreatePollButtonProps {
  client: ChatClient;
  channel: Channel;
}

/** The composer's "Create a poll" button and its dialog; the poll is posted in `channel`. */
export function CreatePollButton({ client, channel }: CreatePollButtonProps) {
  const [open, setOpen] = useState(false);
  const create = useCreatePoll(client, channel);
  if (channel.data?.config.polls === false) return null;
  const close = () => {
    create.reset();
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="create-poll__trigger"
        aria-label="Create a poll"
        title="Create a poll"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M4 16V9M10 16V4M16 16v-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {open && (
        <Dialog title="Create a poll" onClose={close}>
          <CreatePollForm create={create} onCancel={close} onCreated={close} />
        </Dialog>
      )}
    </>
  );
}
