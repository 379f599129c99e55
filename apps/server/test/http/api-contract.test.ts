import { type ApiRoute, apiRoutes, type ErrorBody, fastifyPath, openApiDocument } from "@parley/protocol";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireTableRoutes, servePage } from "../../src/http/serve-route.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ SINGLE_NODE: "1" });
  token = (await s.signup()).streamToken;
});
afterAll(() => s.close());

describe("GET /chat/openapi.json", () => {
  it("answers the document of the route table to anyone, credentials or not", async () => {
    const bare = await fetch(`${s.url}/chat/openapi.json`);
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual(openApiDocument());
    const sent = await s.chat(token, "GET", "/openapi.json");
    expect([sent.status, sent.body.openapi]).toEqual([200, "3.1.0"]);
  });
});

describe("the route table", () => {
  it("is what the server serves: every route registered", () => {
    const missing = (Object.values(apiRoutes) as ApiRoute[]).filter(
      (r) => !s.app.server.hasRoute({ method: r.method, url: fastifyPath(r.path) }),
    );
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("is the only way to add an /api or /chat route", async () => {
    const app = Fastify();
    requireTableRoutes(app);
    expect(() => app.get("/chat/elsewhere", async () => ({}))).toThrow(
      "GET /chat/elsewhere is not in the route table",
    );
    await app.close();
  });

  it("lets a page's plugin add routes under the page's path only", async () => {
    const app = Fastify();
    requireTableRoutes(app);
    const page = (url: string) => async (chat: FastifyInstance) =>
      servePage(chat, apiRoutes.docs, async (p) => {
        p.get(url, async () => "");
      });
    await app.register(page("/docs/static/x.js"), { prefix: "/chat" });
    expect(app.hasRoute({ method: "GET", url: "/chat/docs/static/x.js" })).toBe(true);
    await expect(app.register(page("/docs-elsewhere"), { prefix: "/chat" }).ready()).rejects.toThrow(
      "GET /chat/docs-elsewhere is not in the route table",
    );
    await app.close();
  });
});

describe("unknown fields", () => {
  it("are refused in the query string, api_key and user_id aside", async () => {
    const r = await s.chat(token, "GET", "/me?verbose=1");
    expect([r.status, r.body.error]).toEqual([
      400,
      { code: "validation", message: "verbose: unknown field", fields: { verbose: "unknown field" } },
    ]);
  });

  it("are refused in the body of a call that takes none", async () => {
    const path = "/channels/messaging/contract-x";
    expect((await s.chat(token, "POST", `${path}/query`, { data: { name: "X" } })).status).toBe(200);
    const r = await s.chat(token, "POST", `${path}/mute`, { forever: true });
    expect([r.status, r.body.error.fields]).toEqual([400, { forever: "unknown field" }]);
    expect((await s.chat(token, "POST", `${path}/mute`, {})).status).toBe(200);
    expect((await s.chat(token, "POST", `${path}/unmute`)).status).toBe(200);
  });

  it("are refused in product API bodies too", async () => {
    const res = await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signin", username: "abc", password: "password1", remember: true }),
    });
    expect([res.status, ((await res.json()) as ErrorBody).error.fields]).toEqual([
      400,
      { remember: "unknown field" },
    ]);
  });
});

describe("validation before authentication", () => {
  it("lets no one who is not let in learn about their input", async () => {
    const r = await s.chat("not-a-token", "POST", "/channels/messaging/x/messages", { message: 1 });
    expect([r.status, r.body.error.code]).toEqual([401, "token_invalid"]);
  });
});
