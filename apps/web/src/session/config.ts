/** The server's public configuration (`GET /api/config`), fetched once per page load. */
export interface PublicConfig {
  apiKey: string;
}

let pending: Promise<PublicConfig> | null = null;

async function fetchConfig(): Promise<PublicConfig> {
  const res = await fetch("/api/config", { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`Could not load the server configuration (HTTP ${res.status}).`);
  const body = (await res.json()) as Partial<PublicConfig> | null;
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
