import { Link } from "react-router";
import { AdminScreen } from "../admin/admin-screen";
import { isAdmin } from "../admin/is-admin";
import { useChatClient } from "../chat/client-context";
import { StatusPage } from "../components/status-page";
import { useModerationUser } from "../moderation/use-moderation-user";

/** /admin: the admin console (sign-up, invites, users); everyone else gets a 403 page. */
export function Component() {
  const client = useChatClient();
  const me = useModerationUser(client);
  if (!isAdmin(me)) {
    return (
      <StatusPage
        title="Admins only"
        actions={
          <Link className="button button--primary" to="/chats">
            Back to your chats
          </Link>
        }
      >
        <p>
          <strong>403.</strong> The admin console is for admins. If you think you should have access, ask an
          admin.
        </p>
      </StatusPage>
    );
  }
  return <AdminScreen client={client} />;
}
