import type { ChatClient } from "@parley/client";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { connectClient, SessionInvalidError, type SessionUser } from "./connect";
import { authPath } from "./next-path";
import { hasSession } from "./storage";

export interface SessionLoaderData {
  user: SessionUser;
  client: ChatClient;
}

/**
 * Loader of the signed-in area (/chats, /c/:channelID): sends visitors without a session to
 * /signin?next=<where they were going>, and connects a stored session that is not connected yet.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<SessionLoaderData> {
  const url = new URL(request.url);
  const signin = authPath("/signin", url.pathname + url.search);
  if (!hasSession()) throw redirect(signin);
  try {
    const { user, client } = await connectClient();
    return { user, client };
  } catch (error) {
    if (error instanceof SessionInvalidError) throw redirect(signin);
    throw error;
  }
}
