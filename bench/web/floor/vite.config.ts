import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Built like apps/web (same plugin, minifier and chunk names), so P8 compares like with like. */
export default defineConfig({
  plugins: [react()],
  build: {
    rolldownOptions: {
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
      },
    },
  },
});
