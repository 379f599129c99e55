import { createBrowserRouter, type RouteObject } from "react-router";
import { LoadingView } from "./components/loading-view";
import { ErrorPage } from "./routes/error-page";
import { RootLayout } from "./routes/root-layout";
import { SESSION_ROUTE_ID } from "./session/use-session-user";

/**
 * The route table (spec §2). Every screen is its own lazily loaded module; the root shows the
 * loading view while one loads and a friendly page when something fails.
 */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingView />,
    children: [
      { index: true, lazy: () => import("./routes/landing") },
      { path: "join", lazy: () => import("./routes/join") },
      { path: "signin", lazy: () => import("./routes/signin") },
      { path: "sso", lazy: () => import("./routes/sso") },
      { path: "about", lazy: () => import("./routes/about") },
      { path: "verify-email", lazy: () => import("./routes/verify-email") },
      { path: "unsubscribe", lazy: () => import("./routes/unsubscribe") },
      { path: "reset-password", lazy: () => import("./routes/reset-password") },
      { path: "forgot-password", lazy: () => import("./routes/forgot-password") },
      {
        id: SESSION_ROUTE_ID,
        lazy: () => import("./routes/session-layout"),
        children: [
          {
            // The chat shell (channel list + pane) that /chats and /c/:channelID share.
            lazy: () => import("./routes/chat-layout"),
            children: [
              { path: "chats", lazy: () => import("./routes/chats") },
              { path: "c/:channelID", lazy: () => import("./routes/channel") },
              { path: "threads", lazy: () => import("./threads/threads-route") },
              { path: "search", lazy: () => import("./search/search-route") },
            ],
          },
          // Moderators and admins only (others see a 403 page).
          { path: "moderation", lazy: () => import("./routes/moderation") },
          // Admins only (others see a 403 page).
          { path: "admin", lazy: () => import("./routes/admin") },
          { path: "settings/notifications", lazy: () => import("./routes/settings-notifications") },
          { path: "settings/account", lazy: () => import("./routes/settings-account") },
        ],
      },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
