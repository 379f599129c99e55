/**
 * src/route-lines.ts is the route table's lines (method, path, auth, bytes or JSON) without its
 * schemas. This test renders them from `apiRoutes` and fails when the file differs; after a change
 * to the table, `npx vitest run packages/client/test/route-lines.test.ts -u` writes it again.
 */
import { type ApiRoute, apiRoutes, isBinaryAnswer } from "@parley/protocol";
import { expect, test } from "vitest";

const LINE_WIDTH = 110; // biome.json

function render(name: string, route: ApiRoute): string {
  const fields = [`method: "${route.method}"`, `path: "${route.path}"`, `auth: "${route.auth}"`];
  if (Object.values(route.answers).some(isBinaryAnswer)) fields.push("binary: true");
  const line = `  ${name}: { ${fields.join(", ")} },`;
  if (line.length <= LINE_WIDTH) return line;
  return [`  ${name}: {`, ...fields.map((f) => `    ${f},`), "  },"].join("\n");
}

test("src/route-lines.ts has every route of the table, as the table declares it", async () => {
  const entries = Object.entries(apiRoutes as Record<string, ApiRoute>).map(([name, r]) => render(name, r));
  const file = `/**
 * Generated from the route table by test/route-lines.test.ts (run it with \`-u\` after changing the
 * table): do not edit. Each route's method, path and auth without its schemas, so that a bundle
 * that does not check answers carries no schema for the calls it makes (answer-check.ts).
 */
import type { RouteLines } from "./api-types.js";

export const routeLines = {
${entries.join("\n")}
} as const satisfies RouteLines;
`;
  await expect(file).toMatchFileSnapshot("../src/route-lines.ts");
});
