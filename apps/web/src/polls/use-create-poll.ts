import { type Channel, type ChatClient, PollManager } from "@parley/client";
import type { CreatePollBody } from "@parley/protocol";
import { useCallback, useRef, useState } from "react";
import { errorText } from "./use-action";

export interface CreatePoll {
  submit: (body: CreatePollBody) => Promise<boolean>;
  busy: boolean;
  error: string | null;
  /** Forget a poll created by a submission whose message failed (the form changed). */
  reset: () => void;
}

/**
 * Creates the poll (`POST /polls`), then posts it with a message carrying its `poll_id`. When
 * the message fails, a retry posts the poll already created instead of creating another.
 */
export function useCreatePoll(client: ChatClient, channel: Channel): CreatePoll {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const created = useRef<{ body: CreatePollBody; pollId: string } | null>(null);
  const submit = useCallback(
    async (body: CreatePollBody) => {
      setBusy(true);
      setError(null);
      try {
        const same = created.current && JSON.stringify(created.current.body) === JSON.stringify(body);
        const pollId =
          same && created.current ? created.current.pollId : (await PollManager.of(client).create(body)).id;
        created.current = { body, pollId };
        await channel.sendMessage({ text: "", poll_id: pollId });
        created.current = null;
        return true;
      } catch (caught) {
        setError(
          errorText(
            caught,
            created.current ? "The poll was created but could not be posted" : "Could not create the poll",
          ),
        );
        return false;
      } finally {
        setBusy(false);
      }
    },
    [client, channel],
  );
  const reset = useCallback(() => {
    created.current = null;
    setError(null);
  }, []);
  return { submit, busy, error, reset };
}
