import type { useNavigation } from "react-router";

type Navigation = ReturnType<typeof useNavigation>;

/**
 * Whether the app is loading the next page (a lazy route module or its loader) and should show
 * the loading view. Form submissions and the revalidation that follows them are not page loads:
 * the form shows its own busy state.
 */
export function isPageLoading(navigation: Navigation): boolean {
  return navigation.state === "loading" && navigation.formMethod === undefined;
}

/** Whether a form on the current page is being submitted. */
export function isSubmitting(navigation: Navigation): boolean {
  return navigation.state === "submitting";
}
