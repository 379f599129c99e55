import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface E2eProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * The certified oidc-provider on 127.0.0.1 with its own login and consent pages (devInteractions):
 * one client, PKCE required, and `people` (account id → claims) to sign in as.
 */
export async function startE2eProvider(
  client: { id: string; secret: string; redirectUri: string },
  people: Record<string, Record<string, unknown>>,
): Promise<E2eProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], profile: ["preferred_username", "name"] },
    cookies: { keys: ["parley-e2e-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const claims = people[id];
      return claims ? { accountId: id, claims: async () => ({ sub: id, ...claims }) } : undefined;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
