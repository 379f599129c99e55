import { describe, expect, it } from "vitest";
import { type ApiRoute, apiRoutes, openApiDocument } from "../src/index.js";

describe("the route table", () => {
  it("names each path parameter in the route's params schema, and no other", () => {
    for (const [name, route] of Object.entries(apiRoutes) as [string, ApiRoute][]) {
      const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const shape = (route.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect([name, Object.keys(shape).sort()]).toEqual([name, inPath]);
    }
  });

  it("declares one route per method and path", () => {
    const keys = Object.values(apiRoutes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("is the OpenAPI document's operations, one per route, named after it", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    const operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
    );
    const routes = Object.entries(apiRoutes).map(([name, r]) => `${name} ${r.method} ${r.path}`);
    expect(operations.sort()).toEqual(routes.sort());
  });
});
