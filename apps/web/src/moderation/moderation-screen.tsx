import type { ChatClient } from "@parley/client";
import { Link } from "react-router";
import { BansView } from "./bans-view";
import { FlagQueueView } from "./flag-queue-view";
import "../styles/app-shell.css";
import "../polls/forms.css";
import "./moderation.css";

/** /moderation for moderators and admins: the flag queue and the bans. */
export function ModerationScreen({ client }: { client: ChatClient }) {
  return (
    <div className="moderation-page">
      <title>Moderation · Parley</title>
      <header className="moderation-page__header">
        <Link to="/chats" className="moderation-page__back">
          ← Chats
        </Link>
        <h1 className="moderation-page__title">Moderation</h1>
      </header>
      <main id="main" className="moderation-page__main">
        <FlagQueueView client={client} />
        <BansView client={client} />
      </main>
    </div>
  );
}
