import { Link } from "react-router";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import "../styles/marketing.css";

/** /about: how Parley works and what it promises. */
export function Component() {
  return (
    <div className="marketing">
      <title>About · Parley</title>
      <SiteHeader />
      <main id="main" className="marketing__section">
        <article className="prose" aria-labelledby="about-title">
          <h1 id="about-title" className="prose__title">
            About Parley
          </h1>
          <p className="prose__lead">
            Parley is an open-source, real-time chat application you host yourself. It gives a team or a
            community the chat they expect, on a server they control.
          </p>

          <h2>What you can do</h2>
          <ul>
            <li>Talk in channels: open team channels anyone can join, or private ones for members only.</li>
            <li>Send direct messages to one person or a small group.</li>
            <li>Reply in threads, react with emoji and run polls.</li>
            <li>See who is typing and who is online, and pick up where you left off with unread counts.</li>
            <li>Search messages, people and channels.</li>
            <li>Keep conversations healthy with flags, reviews and bans.</li>
          </ul>

          <h2>How it works</h2>
          <p>
            One server process serves three things on one port: the accounts API that signs people up and in,
            the chat service with its REST API and a single WebSocket connection per browser tab, and this web
            app.
          </p>
          <p>
            Every change to a channel is stored with a sequence number in the same transaction as the change
            itself. When a connection drops, the app tells the server the last event it saw and the server
            replays everything after it, in order. Sending is idempotent, so a retried message never appears
            twice, and a message is on disk before it is acknowledged.
          </p>

          <h2>Runs small, scales out</h2>
          <p>
            With no configuration, Parley stores everything in a SQLite file in its data directory and is
            ready after one command. For larger teams, set <code>DATABASE_URL</code> to a PostgreSQL database
            and <code>REDIS_URL</code> to a Redis server, then run several nodes: Redis carries the real-time
            fan-out between them, while PostgreSQL stays the source of truth.
          </p>

          <h2>Your data stays yours</h2>
          <p>
            Messages, accounts and files live in your database and your data directory, not in someone else’s
            cloud. Passwords are stored only as salted, slow hashes, and sessions can be revoked by signing
            out.
          </p>

          <h2>Open source</h2>
          <p>
            Parley is released under the MIT licence. You can read every line, change it to suit your team and
            run it wherever you like.
          </p>

          <div className="prose__actions">
            <Link to="/join" className="button button--primary button--large">
              Create an account
            </Link>
            <Link to="/signin" className="button button--large">
              Sign in
            </Link>
          </div>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
