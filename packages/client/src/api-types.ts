/**
 * The types of a call of the route table (packages/protocol/src/api): its input from the entry's
 * zod schemas (what goes on the wire, `z.input`), its answer from the entry's answers by status
 * (`z.output`), and the zod-free line of it the SDK keeps at run time (route-lines.ts).
 */
import type {
  ApiRoute,
  ApiRouteName,
  ApiRoutes,
  BinaryAnswer,
  HttpMethod,
  RouteAuth,
} from "@parley/protocol";
import type { z } from "zod";

type Part = "params" | "query" | "body";
/** `{}`: what an input that requires nothing accepts. */
type Nothing = Record<never, never>;
type SchemaAt<R, K extends Part> = R extends { [P in K]: infer S } ? S : undefined;

/** Required when the schema requires a field, optional when it requires none, absent without a schema. */
type Field<K extends Part, S> = S extends z.ZodType
  ? Nothing extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a call of route `N` takes: its path parameters, query and JSON body, as the table declares them. */
export type CallInput<N extends ApiRouteName> = Field<"params", SchemaAt<ApiRoutes[N], "params">> &
  Field<"query", SchemaAt<ApiRoutes[N], "query">> &
  Field<"body", SchemaAt<ApiRoutes[N], "body">>;

/** The JSON body a call of route `N` sends. */
export type CallBody<N extends ApiRouteName> =
  SchemaAt<ApiRoutes[N], "body"> extends infer S extends z.ZodType ? z.input<S> : never;

type AnswerBody<A> = A extends BinaryAnswer ? Blob : A extends z.ZodType ? z.output<A> : undefined;

/** What a call of route `N` answers: one of its success answers (a Blob for bytes, undefined for none). */
export type CallAnswer<N extends ApiRouteName> = {
  [S in keyof ApiRoutes[N]["answers"]]: AnswerBody<ApiRoutes[N]["answers"][S]>;
}[keyof ApiRoutes[N]["answers"]];

/**
 * A call's arguments for route `N`, distributed over `N`: TypeScript then checks them against the
 * route the name picked instead of building one union of every route's input (too complex once
 * the table grew past a hundred routes).
 */
export type ArgsOf<N extends ApiRouteName, O> = N extends ApiRouteName ? CallArgs<N, O> : never;

/** The arguments after a route's name: the input may be left out when it requires nothing. */
export type CallArgs<N extends ApiRouteName, O> =
  Nothing extends CallInput<N> ? [input?: CallInput<N>, options?: O] : [input: CallInput<N>, options?: O];

type Uploads<R> = R extends { upload: true } ? true : false;

/** The routes of the chat service a JSON call reaches (uploads go through `Upload`). */
export type ChatRouteName = {
  [N in ApiRouteName]: ApiRoutes[N]["path"] extends `/chat/${string}`
    ? Uploads<ApiRoutes[N]> extends true
      ? never
      : N
    : never;
}[ApiRouteName];

/** The routes of the product API (`/api`: accounts, profile, configuration). */
export type AccountRouteName = {
  [N in ApiRouteName]: ApiRoutes[N]["path"] extends `/api/${string}` ? N : never;
}[ApiRouteName];

type HasBinary<R extends ApiRoute> = {
  [S in keyof R["answers"]]: R["answers"][S] extends BinaryAnswer ? true : never;
}[keyof R["answers"]];

/** A line as the SDK reads it, whatever the route. */
export interface RouteLine {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly binary?: true;
}

/** What the SDK needs of an entry at run time: no schema, so no zod in a bundle that does not validate. */
export type RouteLineOf<R extends ApiRoute> = {
  readonly method: R["method"];
  readonly path: R["path"];
  readonly auth: R["auth"];
} & ([HasBinary<R>] extends [never] ? { readonly binary?: never } : { readonly binary: true });

/** Every route's line; `satisfies` this makes tsc fail when route-lines.ts differs from the table. */
export type RouteLines = { readonly [N in ApiRouteName]: RouteLineOf<ApiRoutes[N]> };
