import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import "./styles/tokens.css";
import "./styles/base.css";
import { installPageListeners } from "./lib/page-listeners";
import { createRouter } from "./router";

installPageListeners(document);

const container = document.getElementById("root");
if (!container) throw new Error("Parley: the #root element is missing from index.html.");

const router = createRouter();

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// The service worker, the offline banner and the update prompt come after the first render.
void import("./pwa/pwa-boot").then(({ bootPwa }) => bootPwa((path) => void router.navigate(path)));
