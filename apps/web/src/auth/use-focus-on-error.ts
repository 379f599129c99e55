import { type RefObject, useEffect } from "react";
import type { AuthActionData } from "./auth-actions";

/** After a failed submission, move focus to the first invalid field, or else to the alert. */
export function useFocusOnError(
  form: RefObject<HTMLFormElement | null>,
  result: AuthActionData | undefined,
): void {
  useEffect(() => {
    if (!result || !form.current) return;
    const target =
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [form, result]);
}
