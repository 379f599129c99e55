import { defineConfig } from "vitest/config";

/**
 * The long reliability suites (`npm run test:long`): crash and resume over 20 seeds, the
 * reconnect storm, the soak, the 10,000-step unread model. One file at a time: each one loads
 * the machine on its own. Figures go to docs/reliability.md.
 */
export default defineConfig({
  test: {
    include: ["**/*.long.test.ts"],
    exclude: ["**/node_modules/**"],
    setupFiles: ["apps/server/test/helpers/fast-check-seed.ts"],
    testTimeout: 60 * 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
