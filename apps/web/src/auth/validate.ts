import { type SigninBody, type SignupBody, signinBodySchema, signupBodySchema } from "@parley/protocol";
import type { AuthFailure } from "./auth-api";

export type Validated<T> = { ok: true; body: T } | { ok: false; error: AuthFailure };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

const FIX_FIELDS = "Please correct the highlighted fields.";

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function toFailure(error: { readonly issues: readonly Issue[] }): AuthFailure {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && !(key in fields)) fields[key] = issue.message;
  }
  return { message: FIX_FIELDS, fields };
}

/** Check a sign-up form against the same rules the server applies (the server decides). */
export function validateSignup(form: FormData): Validated<SignupBody> {
  const result = signupBodySchema.safeParse({
    action: "signup",
    username: text(form, "username"),
    displayName: text(form, "displayName"),
    password: text(form, "password"),
    profilePicture: text(form, "profilePicture"),
    // The join page's invite link (routes/join.tsx), when it was opened from one.
    invite: text(form, "invite") || undefined,
  });
  if (!result.success) return { ok: false, error: toFailure(result.error) };
  return { ok: true, body: { ...result.data, profilePicture: result.data.profilePicture ?? "" } };
}

export function validateSignin(form: FormData): Validated<SigninBody> {
  const result = signinBodySchema.safeParse({
    action: "signin",
    username: text(form, "username"),
    password: text(form, "password"),
  });
  if (!result.success) return { ok: false, error: toFailure(result.error) };
  return { ok: true, body: result.data };
}
