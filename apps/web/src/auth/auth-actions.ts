import { type ActionFunctionArgs, redirect } from "react-router";
import { nextFromUrl } from "../session/next-path";
import { saveSession } from "../session/storage";
import { type AuthFailure, postAuth } from "./auth-api";
import type { SecondStepData } from "./second-step";
import { type Validated, validateSignin, validateSignup } from "./validate";

/** What the sign-up and sign-in forms render after a failed submission. */
export interface AuthActionData {
  error: AuthFailure;
}

async function submit(
  request: Request,
  validate: (form: FormData) => Validated<Parameters<typeof postAuth>[0]>,
): Promise<AuthActionData | SecondStepData | Response> {
  const checked = validate(await request.formData());
  if (!checked.ok) return { error: checked.error };
  const outcome = await postAuth(checked.body);
  if (!outcome.ok) return { error: outcome.error };
  if ("secondStep" in outcome) return { secondStep: outcome.secondStep, next: nextFromUrl(request.url) };
  try {
    saveSession(outcome.auth);
  } catch (error) {
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
  return redirect(nextFromUrl(request.url));
}

/** Route action of /join. */
export function signupAction({ request }: ActionFunctionArgs): Promise<AuthActionData | Response> {
  // A new account has no second factor yet: sign-up answers a session or an error.
  return submit(request, validateSignup) as Promise<AuthActionData | Response>;
}

/** Route action of /signin: the password step, which may answer the second step's data. */
export function signinAction({
  request,
}: ActionFunctionArgs): Promise<AuthActionData | SecondStepData | Response> {
  return submit(request, validateSignin);
}
