import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SearchFrom } from "./use-search-shortcut";

/** Leaves the search view: back to the page it was opened from, else to the chats. */
export function useCloseSearch(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as SearchFrom | null)?.from;
  return useCallback(() => {
    if (from) navigate(-1);
    else navigate("/chats");
  }, [navigate, from]);
}
