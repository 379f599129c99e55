import { createContext } from "react";

/**
 * True while a public page is rendered to HTML at build time (prerender/render-page.tsx). What
 * depends on the visitor (their stored session) then renders every variant, and the page's
 * script (static-page.ts) shows the one that applies.
 */
export const Prerendering = createContext(false);
