import type { AuthResponse } from "@parley/protocol";
import { accounts, apiFailure } from "../session/accounts";
import { clearPendingLink, pendingLink } from "./sso-link";

export type Finished = { ok: true; next: string; message?: string } | { ok: false; message: string };

const unprocessed = (status: number) => `The server could not process the request (HTTP ${status}).`;
// A code works once: React may run an effect twice, so each code is exchanged once per page.
const exchanges = new Map<string, Promise<AuthResponse>>();

/** `/sso#code=…`: the one-time code for a session, saved like any sign-in's. */
export async function finishSignin(
  code: string | null,
  save: (auth: AuthResponse) => void,
): Promise<Finished> {
  if (!code)
    return { ok: false, message: "This page needs the code single sign-on hands over; start again." };
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = accounts.signInWithSso(code);
    exchanges.set(code, exchange);
  }
  try {
    save(await exchange);
    return { ok: true, next: "" };
  } catch (error) {
    return { ok: false, message: apiFailure(error, unprocessed).message };
  }
}

const links = new Map<string, Promise<{ provider: string }>>();

/** `/sso?link=1`, once signed in to the local account: links it with the pending SSO identity. */
export async function finishLink(): Promise<Finished> {
  const link = pendingLink();
  if (!link)
    return { ok: false, message: "There is no account link waiting; sign in with single sign-on again." };
  let linking = links.get(link.code);
  if (!linking) {
    linking = accounts.linkSso(link.code);
    links.set(link.code, linking);
  }
  try {
    const { provider } = await linking;
    clearPendingLink();
    return { ok: true, next: link.next, message: `Your account is now linked with ${provider}.` };
  } catch (error) {
    clearPendingLink();
    return { ok: false, message: apiFailure(error, unprocessed).message };
  }
}
