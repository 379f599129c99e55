import { ChatApiError } from "@parley/client";
import type { InvitePreview, SignupMode } from "@parley/protocol";
import type { LoaderFunctionArgs } from "react-router";
import { accounts } from "../session/accounts";

/** Why an invite link lets nobody in, by the server's error code. */
export type InviteRefusal = "invite_invalid" | "invite_expired" | "invite_used_up" | "invite_revoked";
const REFUSALS: readonly string[] = ["invite_invalid", "invite_expired", "invite_used_up", "invite_revoked"];

/** What the join page shows: the sign-up mode, and what became of the link's invite. */
export interface JoinState {
  /** Null when the configuration could not be read: the form shows, the server decides. */
  mode: SignupMode | null;
  invite:
    | { kind: "none" }
    | { kind: "valid"; token: string; preview: InvitePreview["invite"] }
    | { kind: "refused"; code: InviteRefusal }
    | { kind: "failed"; token: string; message: string };
}

async function inviteOf(token: string | null): Promise<JoinState["invite"]> {
  if (token === null) return { kind: "none" };
  try {
    return { kind: "valid", token, preview: (await accounts.previewInvite(token)).invite };
  } catch (error) {
    if (error instanceof ChatApiError && (REFUSALS.includes(error.code) || error.code === "validation"))
      return {
        kind: "refused",
        code: REFUSALS.includes(error.code) ? (error.code as InviteRefusal) : "invite_invalid",
      };
    return { kind: "failed", token, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Route loader of /join: the invite link's token is in the fragment (`#invite=`), which no
 * server sees; `?invite=` (what the form posts back to) is read too.
 */
export async function joinLoader({ request }: LoaderFunctionArgs): Promise<JoinState> {
  const token =
    new URLSearchParams(window.location.hash.slice(1)).get("invite") ??
    new URL(request.url).searchParams.get("invite");
  const [config, invite] = await Promise.all([accounts.config().catch(() => null), inviteOf(token)]);
  return { mode: config?.signupMode ?? null, invite };
}
