import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { productionBuild } from "../../../apps/web/production-build";

/** Built like apps/web (same plugin, minifier, chunk names and production build), so P8 compares like with like. */
const production = productionBuild();

export default defineConfig({
  plugins: [react()],
  resolve: production.resolve,
  build: {
    modulePreload: production.modulePreload,
    rolldownOptions: {
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
      },
    },
  },
});
