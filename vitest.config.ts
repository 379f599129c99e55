import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Test files that run for a minute or more. A clean checkout has no record of how long each file
 * took, so vitest would order them by size and start these small files last, leaving one worker
 * busy with them long after the other has finished; they start first instead, and the other
 * worker takes the rest meanwhile.
 */
const LONGEST = [
  "reliability/unread/unread-model.test.ts",
  "multinode/node-failures.test.ts",
  "authz/matrix.test.ts",
  "fuzz/openapi-fuzz.test.ts",
  "reliability/crash/crash-resume.test.ts",
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(name));
      return i === -1 ? LONGEST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/*.long.test.ts"],
    setupFiles: [
      "apps/server/test/helpers/fast-check-seed.ts",
      "apps/server/test/helpers/pg-worker-database.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // vitest's default is one worker fewer than the cores, a single worker on a two-core machine;
    // never fewer than two here. With DATABASE_URL set each worker has a database of its own
    // (helpers/pg-worker-database.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
  },
});
