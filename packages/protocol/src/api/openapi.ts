import type { z } from "zod";
import protocolPackage from "../../package.json" with { type: "json" };
import { accountUserSchema, authResponseSchema } from "../auth.js";
import { ERROR_STATUS, type ErrorCode, errorSchema } from "../errors.js";
import * as models from "../models.js";
import { banResponseSchema, flagResponseSchema, flagViewSchema } from "../moderation.js";
import { policySchema } from "../policies.js";
import { messageSearchResultSchema, searchUserSchema } from "../search.js";
import { type JsonSchema, JsonSchemas } from "./json-schemas.js";
import { API_DESCRIPTION } from "./openapi-prose.js";
import { type ApiRoute, errorsOf, isBinaryAnswer, type RouteAuth } from "./route.js";
import { apiRoutes } from "./routes.js";

/** The answer models, as components of the document. */
const MODELS: Record<string, z.ZodType> = {
  AccountUser: accountUserSchema,
  Attachment: models.attachmentResponseSchema,
  AuthResponse: authResponseSchema,
  Ban: banResponseSchema,
  Channel: models.channelResponseSchema,
  ChannelConfig: models.channelConfigSchema,
  ChannelState: models.channelStateResponseSchema,
  Error: errorSchema,
  Flag: flagResponseSchema,
  FlaggedMessage: flagViewSchema,
  Member: models.memberResponseSchema,
  Membership: models.membershipResponseSchema,
  Message: models.messageResponseSchema,
  MessageSearchResult: messageSearchResultSchema,
  MessageVersion: models.messageVersionResponseSchema,
  OwnUser: models.ownUserResponseSchema,
  Policy: policySchema,
  Poll: models.pollResponseSchema,
  PollOption: models.pollOptionResponseSchema,
  PollVote: models.pollVoteResponseSchema,
  Reaction: models.reactionResponseSchema,
  ReadState: models.readStateResponseSchema,
  SearchUser: searchUserSchema,
  Unread: models.unreadResponseSchema,
  User: models.userResponseSchema,
};

const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  none: [],
  session: [{ session_token: [] }],
  user: [{ api_key: [], user_token: [] }],
  server: [{ api_key: [], server_token: [] }],
  either: [
    { api_key: [], user_token: [] },
    { api_key: [], server_token: [] },
  ],
};

const STATUS_TEXT: Record<number, string> = { 200: "OK", 201: "Created", 204: "No content" };

interface Planned {
  name: string;
  route: ApiRoute;
  params?: string;
  query?: string;
  body?: string;
  answers: [number, string | readonly string[] | null][];
  errors: [number, ErrorCode[]][];
}

export type OpenApiDocument = z.output<(typeof apiRoutes)["openapi"]["answers"][200]>;

/** The OpenAPI 3.1 document of every route in the table; `npm run openapi` writes it to docs/. */
export function openApiDocument(): OpenApiDocument {
  const input = new JsonSchemas("input");
  const output = new JsonSchemas("output", MODELS);
  const planned = Object.entries(apiRoutes).map(([name, route]): Planned => {
    const r: ApiRoute = route;
    return {
      name,
      route: r,
      ...(r.params ? { params: input.add(r.params) } : {}),
      ...(r.query ? { query: input.add(r.query) } : {}),
      ...(r.body ? { body: input.add(r.body) } : {}),
      answers: Object.entries(r.answers).map(([status, a]) => [
        Number(status),
        a === null ? null : isBinaryAnswer(a) ? a.binary : output.add(a),
      ]),
      errors: byStatus(errorsOf(r)),
    };
  });
  const inputs = input.convert();
  const outputs = output.convert();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const p of planned) {
    paths[p.route.path] ??= {};
    (paths[p.route.path] as Record<string, unknown>)[p.route.method.toLowerCase()] = operation(
      p,
      inputs.get,
      outputs.get,
    );
  }
  return {
    openapi: "3.1.0",
    info: { title: "Parley API", version: protocolPackage.version, description: API_DESCRIPTION },
    tags: [...new Set(planned.map((p) => p.route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: outputs.components,
      responses: Object.fromEntries(
        planned
          .flatMap((p) => p.errors)
          .map(([status, codes]) => [errorResponseName(codes), errorResponse(status, codes)] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
      parameters: {
        user_id: {
          name: "user_id",
          in: "query",
          required: false,
          description:
            "With a server-side token: the user to act for (required). With a user token: refused (403 `forbidden`).",
          schema: { type: "string", maxLength: 64 },
        },
      },
      securitySchemes: {
        api_key: {
          type: "apiKey",
          in: "query",
          name: "api_key",
          description: "The public application key (`GET /api/config`); every `/chat` call carries it.",
        },
        user_token: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A user's chat token: the `streamToken` of sign-up and sign-in.",
        },
        server_token: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            'A server-side token: a JWT signed with the server\'s secret, carrying `{ "server": true }` and no `sub`; it acts for the user named by `user_id`.',
        },
        session_token: {
          type: "http",
          scheme: "bearer",
          description: "The product session token: the `token` of sign-up and sign-in.",
        },
      },
    },
  };
}

/** The document as `docs/openapi.json` holds it. */
export function openApiJson(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

function operation(
  p: Planned,
  inputOf: (handle: string) => JsonSchema,
  outputOf: (handle: string) => JsonSchema,
): JsonSchema {
  const { route } = p;
  const parameters = [
    ...(p.params ? parametersOf(inputOf(p.params), "path") : []),
    ...(p.query ? parametersOf(inputOf(p.query), "query") : []),
    ...(route.auth === "either" || route.auth === "server"
      ? [{ $ref: "#/components/parameters/user_id" }]
      : []),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of p.answers) {
    const description = STATUS_TEXT[status] ?? "Success";
    if (answer === null) responses[status] = { description };
    else if (typeof answer === "string")
      responses[status] = { description, content: { "application/json": { schema: outputOf(answer) } } };
    else responses[status] = { description, content: Object.fromEntries(answer.map((m) => [m, {}])) };
  }
  for (const [status, codes] of p.errors) {
    responses[status] = { $ref: `#/components/responses/${errorResponseName(codes)}` };
  }
  return {
    operationId: p.name,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: SECURITY[route.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(p.body ? { requestBody: jsonBody(route, inputOf(p.body)) } : {}),
    ...(route.upload ? { requestBody: uploadBody } : {}),
    responses,
  };
}

function jsonBody(route: ApiRoute, schema: JsonSchema) {
  // A body every field of which may be left out may be left out whole.
  const required = route.body?.safeParse({}).success !== true;
  return { required, content: { "application/json": { schema } } };
}

const uploadBody = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["file"],
        properties: { file: { type: "string", contentMediaType: "application/octet-stream" } },
      },
    },
  },
};

/** An object schema's properties as OpenAPI parameters. */
function parametersOf(schema: JsonSchema, where: "path" | "query") {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/** Error answers are components named by their codes, which also say the status. */
function errorResponseName(codes: readonly ErrorCode[]): string {
  return codes.join(".");
}

function errorResponse(status: number, codes: readonly ErrorCode[]) {
  // The shared shape, with `code` narrowed to the codes of this answer.
  const schema = {
    allOf: [{ $ref: "#/components/schemas/Error" }],
    properties: { error: { properties: { code: { enum: codes } } } },
  };
  return {
    description: codes.map((c) => `\`${c}\``).join(", "),
    ...(status === 429 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
    content: { "application/json": { schema } },
  };
}

function byStatus(codes: readonly ErrorCode[]): [number, ErrorCode[]][] {
  const out = new Map<number, ErrorCode[]>();
  for (const c of codes) out.set(ERROR_STATUS[c], [...(out.get(ERROR_STATUS[c]) ?? []), c]);
  return [...out];
}
