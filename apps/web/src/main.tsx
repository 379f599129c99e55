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

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
