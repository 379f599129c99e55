import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { routes } from "../router";
import { Prerendering } from "./prerendering";

/** A public page rendered at build time: the markup of #root and the page's title. */
export interface RenderedPage {
  html: string;
  title: string;
}

/**
 * Renders `path` through the app's own route table, as the browser would, to HTML served
 * before any script runs (prerender-plugin.ts). Only pages that read nothing but the URL
 * qualify: no loader, no session.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://parley.invalid")));
  if (context instanceof Response) throw new Error(`${path}: the route answered HTTP ${context.status}`);
  if (context.errors) throw new Error(`${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <Prerendering value={true}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Prerendering>
    </StrictMode>,
  );
  // React hoists a component's <title> to the front of what it renders; it belongs in <head>.
  const match = /^<title>(.*?)<\/title>/.exec(markup);
  if (!match) throw new Error(`${path}: the page renders no <title>`);
  return { html: markup.slice(match[0].length), title: match[1] as string };
}
