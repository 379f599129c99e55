import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { build, createServer, type Plugin, type Rolldown } from "vite";

/**
 * The public pages that read nothing but their URL, with the route module each renders. A first
 * visit to one gets its HTML, its CSS and one small script (src/static-page.ts) instead of the app;
 * its links lead into the app, which the page asks the browser to prefetch while idle.
 */
const PAGES: Record<string, string> = {
  "/": "src/routes/landing.tsx",
  "/about": "src/routes/about.tsx",
};

/** Where the server looks for them (apps/server/src/http/routes/web.ts): `pages/<name>.html`. */
const PAGES_DIR = "pages";

/** After the app's build: renders PAGES through the route table into `<outDir>/pages/`. */
export function prerenderPages(root: string): Plugin {
  return {
    name: "parley:prerender-pages",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir as string;
      const template = readFileSync(join(outDir, "index.html"), "utf8");
      const script = await buildStaticPageScript(root, outDir);
      const renderer = await createServer({
        root,
        configFile: false,
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: "custom",
        logLevel: "error",
      });
      try {
        const { renderPage } = (await renderer.ssrLoadModule(
          "/src/prerender/render-page.tsx",
        )) as typeof import("./src/prerender/render-page");
        mkdirSync(join(outDir, PAGES_DIR), { recursive: true });
        for (const [path, module] of Object.entries(PAGES)) {
          const page = await renderPage(path);
          const html = composePage(template, page, routeCss(bundle, join(root, module)), script);
          writeFileSync(join(outDir, PAGES_DIR, `${path === "/" ? "index" : path.slice(1)}.html`), html);
        }
      } finally {
        await renderer.close();
      }
    },
  };
}

/** Builds src/static-page.ts alone, so it shares no chunk with the app; answers its URL. */
async function buildStaticPageScript(root: string, outDir: string): Promise<string> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: "error",
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: true,
      rolldownOptions: {
        input: join(root, "src/static-page.ts"),
        output: { entryFileNames: "assets/static-page-[hash].js" },
      },
    },
  })) as Rolldown.RolldownOutput;
  const entry = output.output.find((file) => file.type === "chunk" && file.isEntry);
  if (!entry) throw new Error("prerender: the static page script was not built");
  return `/${entry.fileName}`;
}

/** The stylesheets a route's chunk and the chunks it imports bring, as URLs. */
function routeCss(bundle: Rolldown.OutputBundle, moduleFile: string): string[] {
  const chunk = Object.values(bundle).find(
    (file): file is Rolldown.OutputChunk => file.type === "chunk" && file.facadeModuleId === moduleFile,
  );
  if (!chunk) throw new Error(`prerender: no chunk for ${moduleFile}`);
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (c: Rolldown.OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const file of c.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
    for (const name of c.imports) {
      const next = bundle[name];
      if (next?.type === "chunk") visit(next);
    }
  };
  visit(chunk);
  return [...css];
}

/**
 * index.html with the page in #root and its title, the app's stylesheet and the route's, and
 * the page's script in place of the app's: the app's own scripts become idle-time prefetches.
 */
function composePage(
  template: string,
  page: { html: string; title: string },
  css: string[],
  script: string,
): string {
  const appScripts: string[] = [];
  let html = template
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => {
      appScripts.push(src);
      return "";
    })
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "");
  if (appScripts.length === 0) throw new Error("prerender: index.html loads no app script");
  const links = css
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `\n    <link rel="stylesheet" crossorigin href="${href}">`)
    .join("");
  const prefetch = appScripts
    .map((src) => `\n    <link rel="prefetch" as="script" crossorigin href="${src}">`)
    .join("");
  html = html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${page.title}</title>`)
    .replace(
      /\n\s*<\/head>/,
      `${links}\n    <script type="module" crossorigin src="${script}"></script>${prefetch}\n  </head>`,
    )
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  return html;
}
