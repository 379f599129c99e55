import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { redeemToken, TokenPage } from "../components/token-page";

/** Turns email digests off with the link's token before the page shows. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  redeemToken(request, (api, token) => api.call("unsubscribeEmail", { body: { token } }));

/** /unsubscribe?token=…: the page every digest's unsubscribe link opens. */
export function Component() {
  return (
    <TokenPage
      outcome={useLoaderData<typeof loader>()}
      redeemedTitle="You are unsubscribed"
      redeemed={() => (
        <p>
          Parley will not email you about missed mentions and direct messages any more. You can turn email
          digests back on in your notification settings.
        </p>
      )}
      refused={
        <p>
          This unsubscribe link does not work any more, perhaps because your email address changed since it
          was sent. Sign in and turn email digests off in your notification settings.
        </p>
      }
      failedTitle="You could not be unsubscribed"
    />
  );
}
