import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { BuildEnvironmentOptions, UserConfig } from "vite";

/**
 * What a production build of a web app on Parley's stack changes, shared with P8's floor
 * (bench/web/floor) so both ship the least the stack allows:
 * - React Router's package exports resolve only its development build, whose dev-only warnings
 *   then ship (remix-run/react-router#14102); its production build sits beside it.
 * - No modulepreload polyfill: a browser without modulepreload (Safari before 17, Firefox before
 *   115) fetches a preloaded chunk when the entry imports it, a round trip later; every other
 *   browser paid for the polyfill's bytes on every first load.
 */
export function productionBuild(): {
  resolve: UserConfig["resolve"];
  modulePreload: BuildEnvironmentOptions["modulePreload"];
} {
  const dist = dirname(dirname(createRequire(import.meta.url).resolve("react-router")));
  return {
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: join(dist, "production/index.mjs") },
        { find: /^react-router\/dom$/, replacement: join(dist, "production/dom-export.mjs") },
      ],
    },
    modulePreload: { polyfill: false },
  };
}
