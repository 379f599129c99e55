import type { ChatClient } from "@parley/client";
import { Link } from "react-router";
import { BansView } from "./bans-view";
import { FlagQueueView } from "./flag-queue-view";
import "../styles/app-shell.css";
import "../styles/subpage.css";
import "../polls/forms.css";
import "./moderation.css";

/** /moderation for moderators and admins: the flag queue and the bans. */
export function ModerationScreen({ client }: { client: ChatClient }) {
  return (
    <div className="subpage">
      <title>Moderation · Parley</title>
      <header className="subpage__header">
        <Link to="/chats" className="subpage__back">
          ← Chats
        </Link>
        <h1 className="subpage__title">Moderation</h1>
      </header>
      <main id="main" className="subpage__main moderation-page__main">
        <FlagQueueView client={client} />
        <BansView client={client} />
      </main>
    </div>
  );
}
