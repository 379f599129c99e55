import { type ApiRoute, fastifyPath } from "@parley/protocol";
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parse } from "../lib/parse.js";

/** What a route without a query, or a body, accepts: nothing (an empty object at most). */
const nothing = z.object({}).strict();

type SchemaOf<R extends ApiRoute> = { params: R["params"]; querystring: R["query"]; body: R["body"] };

/** A request whose params, query and body are what the route's schemas made of them. */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  SchemaOf<R>,
  ZodTypeProvider
>;

type AnswerOf<R extends ApiRoute> = {
  [S in keyof R["answers"]]: R["answers"][S] extends z.ZodType ? z.output<R["answers"][S]> : never;
}[keyof R["answers"]];

/**
 * An answer as the domain renders it: presence (`watcher_count`) is joined on the way out
 * (realtime/presence-fields.ts), and read-only arrays serialize like any other.
 */
type Rendered<T> = T extends readonly (infer U)[]
  ? readonly Rendered<U>[]
  : T extends object
    ? { [K in keyof T as K extends "watcher_count" ? never : K]: Rendered<T[K]> } & {
        [K in keyof T as K extends "watcher_count" ? K : never]?: T[K];
      }
    : T;

/**
 * A thin handler: it gets validated input and returns the answer body (setting another success
 * status with `reply.status` first), or the reply it sent itself (bytes, no content).
 */
export type RouteHandler<R extends ApiRoute> = (
  req: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<Rendered<AnswerOf<R>> | FastifyReply>;

/**
 * Registers a route of the table (packages/protocol/src/api) on `app`, whose prefix the route's
 * path must start with; Fastify validates its params, query and body with the table's schemas.
 */
export function serve<R extends ApiRoute>(app: FastifyInstance, route: R, handler: RouteHandler<R>): void {
  const path = fastifyPath(route.path);
  if (!path.startsWith(`${app.prefix}/`))
    throw new Error(`${route.method} ${route.path} registered under ${app.prefix || "/"}`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: path.slice(app.prefix.length),
    schema: {
      ...(route.params ? { params: route.params } : {}),
      querystring: route.query ?? nothing,
      ...(route.method === "GET" || route.upload ? {} : { body: route.body ?? nothing }),
    },
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    config: { route },
    // Its types come from R, which Fastify's own route typing cannot follow through the generic.
    handler: handler as never,
  });
}

/**
 * Validates with the route's zod schemas through lib/parse.ts, so that a bad request gets the
 * one `validation` answer every input gets (each bad field named, NUL characters refused).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data) => {
    try {
      return { value: parse(schema, data) };
    } catch (err) {
      return { error: err as Error };
    }
  };
};

/**
 * Registers a page of the table (HTML, not API) that a plugin renders: the plugin registers its
 * own routes — the page at the entry's path, its assets under it — and they count as the entry's.
 */
export async function servePage(app: FastifyInstance, route: ApiRoute, plugin: FastifyPluginAsync) {
  if (!route.path.startsWith(`${app.prefix}/`))
    throw new Error(`${route.method} ${route.path} registered under ${app.prefix || "/"}`);
  await app.register(async (page) => {
    // Decorators reach every scope the plugin opens inside this one, as `onRoute` sees them.
    page.decorate("tablePage", route);
    await page.register(plugin);
  });
}

/** Refuses, at start, an `/api` or `/chat` route registered other than from the table. */
export function requireTableRoutes(app: FastifyInstance): void {
  app.addHook("onRoute", function (options) {
    const url = options.url ?? "";
    if (!/^\/(api|chat)\//.test(url) || options.config?.route) return;
    const page = this.tablePage?.path;
    if (page && (url === page || url.startsWith(`${page}/`))) return;
    throw new Error(`${String(options.method)} ${options.url} is not in the route table`);
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The table's entry for this route. */
    route?: ApiRoute;
  }
  interface FastifyInstance {
    /** In a scope `servePage` opened: the table's entry of the page its routes serve. */
    tablePage?: ApiRoute;
  }
}
