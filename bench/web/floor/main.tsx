import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";

/**
 * The least a web app on apps/web's settled stack (React 19, React Router 7's data router, lazy
 * routes, Vite) ships for `/`: P8 compares Parley's first load with it.
 */
const router = createBrowserRouter([
  {
    path: "/",
    Component: () => <p>Floor</p>,
    children: [{ index: true, lazy: () => import("./page") }],
  },
]);

const root = document.getElementById("root");
if (root) createRoot(root).render(<RouterProvider router={router} />);
