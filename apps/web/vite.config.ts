import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The server (apps/server) listens here in development; `npm run dev` starts both. */
const SERVER = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": { target: SERVER, changeOrigin: false },
      "/chat": { target: SERVER, ws: true, changeOrigin: false },
      "/healthz": { target: SERVER },
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Route chunks keep their module's name (routes/about.tsx → assets/about-<hash>.js).
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
