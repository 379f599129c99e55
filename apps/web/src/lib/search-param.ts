import { useLocation } from "react-router";

/**
 * The current address's query parameter `name` (`?name=`), or null. React Router's
 * `useSearchParams` would do, but the router is one module, so every part of it any route uses
 * ships in the entry of every first load: that hook is 0.3 KB gzip there (most of it a warning for
 * Internet Explorer), where reading a parameter needs only the platform's URLSearchParams.
 */
export function useSearchParam(name: string): string | null {
  return new URLSearchParams(useLocation().search).get(name);
}
