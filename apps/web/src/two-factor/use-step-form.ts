import { type FormEvent, useRef, useState } from "react";

/** What a step form shows when it fails: a message, or a message for its one field. */
export interface StepError {
  message: string;
  field?: string;
}

/**
 * A two-factor form's submit: `check` the fields first (a field error), then `send` (answers the
 * error to show, or undefined). Busy while sending; focus moves to what to fix.
 */
export function useStepForm(
  check: (data: FormData) => string | undefined,
  send: (data: FormData) => Promise<string | undefined>,
) {
  const [error, setError] = useState<StepError | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const problem = check(data);
    if (!problem) setBusy(true);
    const message = problem ?? (await send(data));
    setBusy(false);
    setError(message ? { message, ...(problem ? { field: problem } : {}) } : null);
    if (!message) return;
    requestAnimationFrame(() =>
      (
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        form.current?.querySelector<HTMLElement>('[role="alert"]')
      )?.focus(),
    );
  };
  return { error, setError, busy, form, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
