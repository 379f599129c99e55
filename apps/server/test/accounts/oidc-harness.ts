/**
 * Identity providers for the SSO tests, on 127.0.0.1: the certified `oidc-provider` with its
 * development login and consent pages, driven with fetch like a browser (cookies kept, redirects
 * followed by hand); and a rogue provider made with jose whose id tokens break one rule each.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import Provider from "oidc-provider";

/** The PUBLIC_URL the test servers run with: the redirect URI the providers know. */
export const PUBLIC_URL = "http://parley.test";
export const REDIRECT_URI = `${PUBLIC_URL}/api/oidc/callback`;
export const CLIENT_ID = "parley";
export const CLIENT_SECRET = "a-client-secret-of-the-test-provider";

/** Someone the provider can sign in: `sub` is their account id there; the rest are their claims. */
export interface Person {
  preferred_username?: string;
  name?: string;
  email?: string;
  picture?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  /** Errors oidc-provider raised at its token endpoint (a replayed code, a wrong verifier…). */
  grantErrors: string[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** The certified provider, PKCE required, with one confidential client: Parley. */
export async function startOidcProvider(people: Record<string, Person>): Promise<TestProvider> {
  const server = createServer();
  const issuer = await listen(server);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ["sub"],
      profile: ["preferred_username", "name", "picture"],
      email: ["email"],
      groups: ["groups"],
    },
    scopes: ["openid", "profile", "email", "groups"],
    cookies: { keys: ["parley-test-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const person = people[id];
      return person ? { accountId: id, claims: async () => ({ sub: id, ...person }) } : undefined;
    },
  });
  const grantErrors: string[] = [];
  provider.on("grant.error", (_ctx: unknown, err: Error & { error_detail?: string }) =>
    grantErrors.push(err.error_detail ?? err.message),
  );
  server.on("request", provider.callback());
  return { issuer, grantErrors, close: () => closeServer(server) };
}

/** What the rogue provider's id tokens get wrong. */
export type RogueMode = "none" | "audience" | "expired" | "issuer" | "signature" | "nonce";

/**
 * A provider made by hand with jose: discovery, JWKS, an authorization endpoint that signs in
 * `person` at once, and a token endpoint checking the code and PKCE verifier, whose id token
 * breaks the rule `mode` names.
 */
export async function startRogueProvider(
  sub: string,
  person: Person,
  mode: () => RogueMode,
): Promise<TestProvider> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const other = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const codes = new Map<string, { challenge: string; nonce: string }>();
  const grantErrors: string[] = [];
  const server = createServer((req, res) => {
    void handle(req).then(
      ({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      },
      (err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      },
    );
  });
  const issuer = await listen(server);
  const json = (status: number, body: unknown) => ({
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  async function handle(req: IncomingMessage) {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration")
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      });
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/auth") {
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        challenge: url.searchParams.get("code_challenge") ?? "",
        nonce: url.searchParams.get("nonce") ?? "",
      });
      const back = new URL(url.searchParams.get("redirect_uri") ?? REDIRECT_URI);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      return { status: 302, headers: { location: back.href }, body: "" };
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(await text(req));
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      if (!grant || createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) {
        grantErrors.push("invalid_grant");
        return json(400, { error: "invalid_grant" });
      }
      const now = Math.floor(Date.now() / 1000);
      const m = mode();
      const idToken = await new SignJWT({ ...person, nonce: m === "nonce" ? "another-nonce" : grant.nonce })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(m === "issuer" ? "http://127.0.0.1:1/another-issuer" : issuer)
        .setSubject(sub)
        .setAudience(m === "audience" ? "another-client" : CLIENT_ID)
        .setIssuedAt(m === "expired" ? now - 7200 : now)
        .setExpirationTime(m === "expired" ? now - 3600 : now + 300)
        .sign(m === "signature" ? other.privateKey : privateKey);
      return json(200, { access_token: "at", token_type: "Bearer", expires_in: 300, id_token: idToken });
    }
    return json(404, { error: "not_found" });
  }
  return { issuer, grantErrors, close: () => closeServer(server) };
}

async function text(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

/** A browser's cookies, by host name — as browsers keep them, whatever the port (no paths, no expiry). */
class CookieJar {
  readonly #byHost = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.#byHost.get(url.hostname) ?? new Map()).entries()]
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
  }

  take(url: URL, res: Response): void {
    const jar = this.#byHost.get(url.hostname) ?? new Map<string, string>();
    this.#byHost.set(url.hostname, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }
}

/**
 * A browser: requests with its cookies, redirects followed by hand, and the redirect URI
 * (PUBLIC_URL) sent to the Parley node under test instead.
 */
export class TestBrowser {
  readonly jar = new CookieJar();

  constructor(public parley: string) {}

  /** One request, no redirect followed; PUBLIC_URL means the Parley node. */
  async request(
    raw: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(raw.startsWith(PUBLIC_URL) ? `${this.parley}${raw.slice(PUBLIC_URL.length)}` : raw);
    const headers: Record<string, string> = { cookie: this.jar.header(url) };
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(url, {
      method: init.method ?? "GET",
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "manual",
    });
    this.jar.take(url, res);
    return res;
  }

  /** Follows redirects from `raw` until an answer that is none, or a redirect to the callback (not taken). */
  async follow(raw: string, stopAtCallback = true): Promise<{ url: string; res: Response }> {
    let url = new URL(raw, this.parley).href;
    for (let hops = 0; hops < 20; hops++) {
      if (stopAtCallback && url.startsWith(REDIRECT_URI))
        return { url, res: new Response(null, { status: 204 }) };
      const res = await this.request(url);
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location) return { url, res };
      await res.body?.cancel();
      url = new URL(location, url.startsWith(PUBLIC_URL) ? this.parley : url).href;
    }
    throw new Error(`too many redirects from ${raw}`);
  }

  /** `GET /api/oidc/start`: the provider's authorization URL it redirects to. */
  async start(next?: string): Promise<string> {
    const res = await this.request(
      `${this.parley}/api/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ""}`,
    );
    if (res.status !== 302) throw new Error(`start answered ${res.status}: ${await res.text()}`);
    return res.headers.get("location")!;
  }

  /**
   * Signs in at oidc-provider's own pages as `accountId` and consents; answers the URL the
   * provider sends the browser back to (the redirect URI with code, state and iss).
   */
  async signInAtProvider(authorizationUrl: string, accountId: string): Promise<string> {
    let at = await this.follow(authorizationUrl);
    for (let step = 0; step < 4 && !at.url.startsWith(REDIRECT_URI); step++) {
      const page = await at.res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`no form at ${at.url} (${at.res.status}): ${page.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? "consent";
      const form: Record<string, string> =
        prompt === "login" ? { prompt, login: accountId, password: "any password" } : { prompt };
      const res = await this.request(new URL(action.replaceAll("&amp;", "&"), at.url).href, {
        method: "POST",
        form,
      });
      await res.body?.cancel();
      at = await this.follow(new URL(res.headers.get("location")!, at.url).href);
    }
    if (!at.url.startsWith(REDIRECT_URI))
      throw new Error(`the provider did not send the browser back: ${at.url}`);
    return at.url;
  }

  /** The provider's redirect back, answered by the Parley node: where Parley sends the browser. */
  async callback(redirect: string): Promise<string> {
    const res = await this.request(redirect);
    if (res.status !== 302) throw new Error(`callback answered ${res.status}: ${await res.text()}`);
    return res.headers.get("location")!;
  }

  /** The whole flow from `/api/oidc/start` to where Parley sends the browser at the end. */
  async signIn(accountId: string, next?: string): Promise<string> {
    return this.callback(await this.signInAtProvider(await this.start(next), accountId));
  }
}

/** The fragment parameter `name` of a Parley location (`/sso?next=…#code=…`). */
export function fragment(location: string, name: string): string | undefined {
  const hash = new URL(location, PUBLIC_URL).hash.slice(1);
  return new URLSearchParams(hash).get(name) ?? undefined;
}

export function queryOf(location: string, name: string): string | null {
  return new URL(location, PUBLIC_URL).searchParams.get(name);
}

/** The environment of a Parley server signing in with `issuer`. */
export function ssoEnv(issuer: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PUBLIC_URL,
    OUTBOUND_ALLOW_LOOPBACK: "true",
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: "Acme ID",
    OIDC_SCOPES: "openid profile email groups",
    ...extra,
  };
}
