import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "./connect";
import type { SessionLoaderData } from "./guard";

/** The route id of the signed-in area, whose loader connects the session. */
export const SESSION_ROUTE_ID = "session";

/** The connected user, inside the signed-in area. */
export function useSessionUser(): SessionUser {
  const data = useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData | undefined;
  if (!data) throw new Error("useSessionUser is only available inside the signed-in routes.");
  return data.user;
}
