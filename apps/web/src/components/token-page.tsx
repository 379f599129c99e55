import { ApiCaller, ChatApiError } from "@parley/client";
import type { ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { StatusPage } from "./status-page";

/** What became of the token an email link carries. */
export type TokenOutcome<T> = { kind: "redeemed"; result: T } | { kind: "refused" } | { kind: "failed" };

/** The link's call needs no signed-in user: the token is the proof. */
const api = new ApiCaller({ baseURL: "", credentials: () => ({}) });

/**
 * A route loader's work for a page an email link opens: hands the URL's `token` to `redeem`
 * before the page shows (once per opening). A missing token and one the server turns down are
 * `refused`; any other failure is `failed`, which the page offers to retry.
 */
export async function redeemToken<T>(
  request: Request,
  redeem: (api: ApiCaller, token: string) => Promise<T>,
): Promise<TokenOutcome<T>> {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { kind: "refused" };
  try {
    return { kind: "redeemed", result: await redeem(api, token) };
  } catch (error) {
    const refused =
      error instanceof ChatApiError && (error.code === "bad_request" || error.code === "validation");
    return refused ? { kind: "refused" } : { kind: "failed" };
  }
}

interface TokenPageProps<T> {
  outcome: TokenOutcome<T>;
  redeemedTitle: string;
  /** The page's text once the server took the token. */
  redeemed: (result: T) => ReactNode;
  /** What to do instead, once the link no longer works. */
  refused: ReactNode;
  /** The title when the server could not be reached. */
  failedTitle: string;
}

const openParley = (
  <Link className="button button--primary" to="/chats">
    Open Parley
  </Link>
);

/** The page an email link opens, saying what became of its token (see `redeemToken`). */
export function TokenPage<T>({ outcome, redeemedTitle, redeemed, refused, failedTitle }: TokenPageProps<T>) {
  const revalidator = useRevalidator();
  if (outcome.kind === "redeemed")
    return (
      <StatusPage title={redeemedTitle} actions={openParley}>
        {redeemed(outcome.result)}
      </StatusPage>
    );
  if (outcome.kind === "refused")
    return (
      <StatusPage title="This link has expired or was already used" actions={openParley}>
        {refused}
      </StatusPage>
    );
  const retrying = revalidator.state === "loading";
  return (
    <StatusPage
      title={failedTitle}
      actions={
        <button
          type="button"
          className="button button--primary"
          disabled={retrying}
          onClick={() => void revalidator.revalidate()}
        >
          {retrying ? "Trying again…" : "Try again"}
        </button>
      }
    >
      <p role="alert">Parley could not be reached. Check your connection and try again.</p>
    </StatusPage>
  );
}
