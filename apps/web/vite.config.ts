import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { prerenderPages } from "./prerender-plugin.js";
import { productionBuild } from "./production-build.js";

/** The server (apps/server) listens here in development; `npm run dev` starts both. */
const SERVER = "http://localhost:3000";

export default defineConfig(({ command }) => {
  const production = command === "build" ? productionBuild() : undefined;
  return {
    plugins: [react(), prerenderPages(fileURLToPath(new URL(".", import.meta.url))), serviceWorker()],
    resolve: production?.resolve,
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
      modulePreload: production?.modulePreload,
      rolldownOptions: {
        output: {
          // Route chunks keep their module's name (routes/about.tsx → assets/about-<hash>.js).
          // A chunk of shared modules would take the name of one of them (`src`, `form-alert`),
          // which says little, so it gets its hash alone: the entry lists every chunk a route
          // preloads, and those names were 0.1 KB gzip of every first load.
          entryFileNames: "assets/[name]-[hash].js",
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? "assets/[name]-[hash].js" : "assets/[hash].js"),
          assetFileNames: "assets/[name]-[hash][extname]",
        },
      },
    },
  };
});

/**
 * /sw.js, built from src/pwa/worker/sw.ts with the list of files to precache: the app shell
 * (index.html), every hashed asset, the icons and the manifest. Not the pre-rendered pages, which
 * the network answers, and no source maps. The app registers it itself (src/pwa) and links its own
 * manifest (public/manifest.webmanifest).
 */
function serviceWorker() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "src/pwa/worker",
    filename: "sw.ts",
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ["**/*.{html,js,css,svg,png,webmanifest}"],
      globIgnores: ["pages/**", "sw.js"],
      rollupFormat: "iife",
      sourcemap: false,
    },
  });
}
