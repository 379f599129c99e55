import { ChatApiError } from "@parley/client";
import { accounts } from "./accounts";

/** The server's public configuration (`GET /api/config`), fetched once per page load. */
export interface PublicConfig {
  apiKey: string;
}

let pending: Promise<PublicConfig> | null = null;

async function fetchConfig(): Promise<PublicConfig> {
  let body: Partial<PublicConfig> | undefined;
  try {
    body = await accounts.config();
  } catch (error) {
    if (!(error instanceof ChatApiError) || error.status === 0) throw error;
    throw new Error(`Could not load the server configuration (HTTP ${error.status}).`);
  }
  if (typeof body?.apiKey !== "string" || body.apiKey === "") {
    throw new Error("The server configuration has no API key.");
  }
  return { apiKey: body.apiKey };
}

export function loadConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = fetchConfig().catch((error: unknown) => {
      pending = null; // try again next time
      throw error;
    });
  }
  return pending;
}
