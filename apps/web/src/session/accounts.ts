/**
 * The product API (`/api`) through the SDK: the server that serves the page (relative URLs), with
 * the stored product session token for the calls that take it.
 */
import { ChatApiError, ChatNetworkError, ParleyAccounts } from "@parley/client";
import { readUserToken } from "./storage";

export const accounts = new ParleyAccounts({ baseURL: "", sessionToken: readUserToken });

/** What a failed call shows: the server's message and fields for a refusal, else what went wrong. */
export interface ApiFailure {
  message: string;
  fields?: Record<string, string>;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** `unprocessed(status)`: the message for a server error (5xx), which says nothing a user can fix. */
export function apiFailure(error: unknown, unprocessed: (status: number) => string): ApiFailure {
  if (error instanceof ChatNetworkError) return { message: messageOf(error.cause ?? error) };
  if (!(error instanceof ChatApiError)) return { message: messageOf(error) };
  if (error.status >= 500) return { message: unprocessed(error.status) };
  return error.fields ? { message: error.message, fields: error.fields } : { message: error.message };
}
