import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { redeemToken, TokenPage } from "../components/token-page";

/** Confirms the address with the link's token before the page shows (once per opening). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  redeemToken(request, (api, token) => api.call("verifyEmail", { body: { token } }));

/** /verify-email?token=…: the page a verification email links to. */
export function Component() {
  return (
    <TokenPage
      outcome={useLoaderData<typeof loader>()}
      redeemedTitle="Email address confirmed"
      redeemed={({ address }) => (
        <p>
          Mentions and direct messages you miss will be emailed to <strong>{address}</strong>. You can change
          this in your notification settings.
        </p>
      )}
      refused={
        <p>
          Verification links work once, for 24 hours. If your address is not confirmed yet, ask for a new link
          in your notification settings.
        </p>
      }
      failedTitle="Your address could not be confirmed"
    />
  );
}
