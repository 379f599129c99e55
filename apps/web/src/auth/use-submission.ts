import { type RefObject, useMemo, useRef } from "react";
import { useActionData, useNavigation } from "react-router";
import { isSubmitting } from "../lib/navigation";
import { useFocusOnError } from "./use-focus-on-error";

/** What a route action answers for a form to show again: one message and, per field, what to fix. */
export interface FormFailure {
  message: string;
  fields: Record<string, string>;
}

export interface Submission<T> {
  result: T | undefined;
  failed: Extract<T, FormFailure> | undefined;
  busy: boolean;
  form: RefObject<HTMLFormElement | null>;
}

/**
 * A route form's submission: the action's answer, the failure in it (focus moves to what to
 * fix), whether it is being submitted, and the form's ref.
 */
export function useSubmission<T extends object>(): Submission<T> {
  const result = useActionData<T>() as T | undefined;
  const busy = isSubmitting(useNavigation());
  const form = useRef<HTMLFormElement>(null);
  const failed = result && "message" in result ? (result as Extract<T, FormFailure>) : undefined;
  useFocusOnError(
    form,
    useMemo(() => (failed ? { error: failed } : undefined), [failed]),
  );
  return { result, failed, busy, form };
}
