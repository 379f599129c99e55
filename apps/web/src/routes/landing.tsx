import { Link } from "react-router";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import "../styles/marketing.css";

const FEATURES = [
  {
    title: "Channels and direct messages",
    text: "Open team channels anyone can find and join, private group conversations, and one-to-one messages.",
  },
  {
    title: "Threads",
    text: "Reply to any message in a thread, so a side conversation never buries the main one.",
  },
  {
    title: "Reactions and polls",
    text: "Answer with an emoji, or ask the room with a poll, free-text answers included.",
  },
  {
    title: "Search",
    text: "Find messages, people and channels in a moment, limited to the conversations you belong to.",
  },
  {
    title: "Moderation",
    text: "Flag messages for review, remove what breaks the rules and ban when you must.",
  },
  {
    title: "Real time, without gaps",
    text: "Messages arrive the moment they are sent. After a dropped connection, Parley replays what you missed, in order.",
  },
] as const;

/** /: what Parley is, and the way in. */
export function Component() {
  return (
    <div className="marketing">
      <title>Parley · Self-hosted real-time chat</title>
      <SiteHeader />
      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="marketing__inner hero__inner">
            <p className="hero__eyebrow">Open-source team chat</p>
            <h1 id="hero-title" className="hero__title">
              Real-time chat you run yourself.
            </h1>
            <p className="hero__lead">
              Parley is a self-hosted chat app for teams and communities: channels and direct messages,
              threads, reactions, polls and search, with every message stored in a database you own.
            </p>
            <div className="hero__actions">
              <Link to="/join" className="button button--primary button--large">
                Create an account
              </Link>
              <Link to="/signin" className="button button--large">
                Sign in
              </Link>
            </div>
          </div>
        </section>

        <section className="marketing__section" aria-labelledby="features-title">
          <div className="marketing__inner">
            <h2 id="features-title" className="marketing__heading">
              Everything a conversation needs
            </h2>
            <ul className="feature-grid">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="feature-card">
                  <h3 className="feature-card__title">{feature.title}</h3>
                  <p className="feature-card__text">{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="marketing__section marketing__section--alt" aria-labelledby="run-title">
          <div className="marketing__inner split">
            <div>
              <h2 id="run-title" className="marketing__heading">
                One command to start. Room to grow.
              </h2>
              <p>
                Parley is one server that serves the app, the chat service and its real-time connections on a
                single port. Out of the box it keeps everything in a SQLite file, so a laptop or a small
                virtual machine is all you need.
              </p>
              <p>
                When one machine is no longer enough, point it at PostgreSQL and Redis and run as many nodes
                as you like behind a load balancer. Nothing else changes.
              </p>
            </div>
            <figure className="terminal">
              <figcaption className="visually-hidden">Starting Parley</figcaption>
              <pre className="terminal__body">
                <code>
                  <span className="terminal__comment"># one machine, SQLite</span>
                  {"\n$ npm start\n\n"}
                  <span className="terminal__comment"># many nodes, PostgreSQL + Redis</span>
                  {"\n$ DATABASE_URL=postgres://… \\\n  REDIS_URL=redis://… npm start"}
                </code>
              </pre>
            </figure>
          </div>
        </section>

        <section className="marketing__section cta" aria-labelledby="cta-title">
          <div className="marketing__inner cta__inner">
            <h2 id="cta-title" className="marketing__heading">
              Ready to talk?
            </h2>
            <p>Create an account on this server and start your first conversation.</p>
            <div className="hero__actions">
              <Link to="/join" className="button button--primary button--large">
                Sign up
              </Link>
              <Link to="/about" className="button button--large">
                Learn more
              </Link>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
