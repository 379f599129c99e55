import { installPageListeners } from "./lib/page-listeners";
import { hasSession } from "./session/storage";

/**
 * The one script of a pre-rendered public page (prerender-plugin.ts), in place of the app: the
 * page-wide listeners every page has (spec §2), and the header's links for the visitor's session.
 */
installPageListeners(document);
const session = hasSession() ? "in" : "out";
for (const links of document.querySelectorAll<HTMLElement>("[data-session]")) {
  links.hidden = links.dataset.session !== session;
}
