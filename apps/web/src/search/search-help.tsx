/** The filter syntax the server understands (docs/api.md "Search"), as a short help. */
const FILTERS: readonly (readonly [syntax: string, meaning: string])[] = [
  ["from:@user", "messages by a person"],
  ["in:#channel", "messages in a channel"],
  ["before:YYYY-MM-DD", "sent before a day"],
  ["after:YYYY-MM-DD", "sent after a day"],
  ["on:YYYY-MM-DD", "sent on a day"],
  ["has:file", "with an attachment"],
  ["has:link", "with a link"],
  ["is:pinned", "pinned messages"],
  ["is:thread", "replies in threads"],
  ['"quoted phrase"', "these words, in this order"],
];

function FilterList() {
  return (
    <dl className="search-help__list">
      {FILTERS.map(([syntax, meaning]) => (
        <div key={syntax} className="search-help__item">
          <dt>
            <code>{syntax}</code>
          </dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * With no query: what can be searched and the filters, in full. With one: the filters folded
 * away under "Search filters".
 */
export function SearchHelp({ folded }: { folded: boolean }) {
  if (folded) {
    return (
      <details className="search-help search-help--folded">
        <summary>Search filters</summary>
        <FilterList />
      </details>
    );
  }
  return (
    <section className="search-help" aria-labelledby="search-help-title">
      <h2 id="search-help-title" className="search-help__title">
        Search messages, channels and people
      </h2>
      <p className="search-help__intro">
        Type words to find them. Narrow message results with filters, combined as you like:
      </p>
      <FilterList />
      <p className="search-help__intro">
        For example <code>from:@ana in:#general has:link release</code>.
      </p>
    </section>
  );
}
