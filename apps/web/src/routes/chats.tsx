import { useClientState } from "../chat/client-context";
import { PageTitle } from "../components/page-title";

/** /chats: the list (in the shell's sidebar) with an empty channel pane. */
export function Component() {
  const { user } = useClientState();
  return (
    <section className="pane-empty" aria-labelledby="pane-empty-title">
      <PageTitle base="Chats · Parley" />
      <h1 id="pane-empty-title" className="pane-empty__title">
        {user ? `Welcome, ${user.name}` : "Welcome"}
      </h1>
      <p className="pane-empty__text">Pick a conversation from the list, or start a new one.</p>
    </section>
  );
}
