import { Link } from "react-router";
import { useChatClient } from "../chat/client-context";
import { StatusPage } from "../components/status-page";
import { ModerationScreen } from "../moderation/moderation-screen";
import { canReviewFlags } from "../moderation/roles";
import { useModerationUser } from "../moderation/use-moderation-user";

/** /moderation: the flag queue and bans for moderators and admins; everyone else gets a 403 page. */
export function Component() {
  const client = useChatClient();
  const me = useModerationUser(client);
  if (!canReviewFlags(me)) {
    return (
      <StatusPage
        title="Moderators only"
        actions={
          <Link className="button button--primary" to="/chats">
            Back to your chats
          </Link>
        }
      >
        <p>
          <strong>403.</strong> The moderation screen is for moderators and admins. If you think you should
          have access, ask an admin.
        </p>
      </StatusPage>
    );
  }
  return <ModerationScreen client={client} />;
}
