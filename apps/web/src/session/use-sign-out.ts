import { useCallback } from "react";
import { useNavigate } from "react-router";
import { signOut } from "./sign-out";

/** Sign out and go to the landing page. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    navigate("/", { replace: true });
  }, [navigate]);
}
