import type { PollState } from "@parley/client";
import { useState } from "react";
import { ConfirmDialog } from "../components/ui/dialog";
import type { AsyncAction } from "./use-action";

/** "End vote" for the poll's creator and moderators, behind a confirmation. */
export function PollEndVote({ state, action }: { state: PollState; action: AsyncAction }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="poll-card__link" onClick={() => setOpen(true)}>
        End vote
      </button>
      {open && (
        <ConfirmDialog
          title="End this vote?"
          message="Nobody can vote, change a vote or add options after this. The results stay visible."
          confirmLabel="End vote"
          onConfirm={() => void action.run("close", () => state.close(), "Could not end the vote")}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
