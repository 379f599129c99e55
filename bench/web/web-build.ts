import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_DIR } from "../lib/build.js";

/** Builds a Vite app of the repository (apps/web by default, from the working tree) into `outDir` with its own config. */
export function buildWeb(outDir: string, appDir = "apps/web"): void {
  execFileSync(
    join(REPO_DIR, "node_modules/.bin/vite"),
    ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
    {
      cwd: join(REPO_DIR, appDir),
      stdio: ["ignore", "ignore", "pipe"],
      timeout: 300_000,
    },
  );
}

/** The JS files index.html loads up front: module scripts and modulepreload links, as paths. */
export function entryScripts(outDir: string): string[] {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"[^>]*>/g)) out.add(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g))
    out.add(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"[^>]*>/g))
    out.add(m[1] as string);
  return [...out];
}

/** Gzipped size (zlib default level, as servers and Vite's report use) of a built file. */
export function gzipSize(outDir: string, path: string): number {
  return gzipSync(readFileSync(join(outDir, path.replace(/^\//, "")))).length;
}
