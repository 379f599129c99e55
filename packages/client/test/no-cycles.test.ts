/**
 * No import cycles in packages/: each file of the protocol and of the SDK imports only files below
 * it. Type-only imports count too (a cycle of types is still a cycle of design). dpdm parses the
 * sources with TypeScript, resolving `./x.js` to `./x.ts` and `@parley/protocol` to its sources,
 * so the SDK's tree spans both packages.
 */
import { parseCircular, parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

/** packages/<pkg>, as a path (this package's tsconfig has no Node types: no node:path here). */
const packageDir = (pkg: string) => decodeURIComponent(new URL(`../../${pkg}`, import.meta.url).pathname);

async function importGraph(pkg: string) {
  const root = packageDir(pkg);
  const tree = await parseDependencyTree("src/**/*.ts", {
    cwd: root,
    context: root,
    tsconfig: `${root}/tsconfig.json`,
    transform: false, // keep `import type`: TypeScript's transform would drop it
    skipDynamicImports: false,
  });
  const unresolved = Object.entries(tree).flatMap(([file, deps]) =>
    (deps ?? []).filter((d) => d.id === null).map((d) => `${file} → ${d.request}`),
  );
  return { tree, unresolved };
}

describe("import cycles", () => {
  for (const pkg of ["protocol", "client"]) {
    it(`packages/${pkg} has none`, async () => {
      const { tree, unresolved } = await importGraph(pkg);
      // The graph is the real one: every import was resolved to a file, and the sources are in it.
      expect(unresolved).toEqual([]);
      expect(Object.keys(tree).filter((f) => f.startsWith("src/")).length).toBeGreaterThan(10);
      const cycles = parseCircular(tree).map((cycle) => [...cycle, cycle[0]].join(" → "));
      expect(cycles).toEqual([]);
    });
  }
});
