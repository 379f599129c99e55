import type { MembershipKind, MessageSearchFilters, Store } from "../../store/store.js";
import { invalid } from "../errors.js";
import type { ParsedSearch } from "./search-query.js";
import { fold } from "./search-text.js";

/** Enough for every channel a person belongs to; `in:` looks among them only. */
const MAX_CHANNELS = 10_000;

/**
 * The filters with names resolved: `from:` to user ids, `in:` to the cids of the searcher's own
 * channels (a channel they are not a member of is "no channel", exactly as one that does not
 * exist, so nothing is learnt of it). An unknown name is a 400 naming the filter.
 */
export async function resolveFilters(
  store: Store,
  userId: string,
  hide: readonly MembershipKind[],
  p: ParsedSearch,
): Promise<MessageSearchFilters> {
  const filters: MessageSearchFilters = {
    ...(p.since === undefined ? {} : { since: p.since }),
    ...(p.until === undefined ? {} : { until: p.until }),
    ...(p.hasFile ? { hasFile: true } : {}),
    ...(p.hasLink ? { hasLink: true } : {}),
    ...(p.pinned ? { pinned: true } : {}),
    ...(p.thread ? { thread: true } : {}),
  };
  if (p.from.length) {
    const found = await store.users.getMany([...new Set(p.from.map((f) => f.value))]);
    const ids = new Set(found.map((u) => u.id));
    const missing = p.from.find((f) => !ids.has(f.value));
    if (missing) throw invalid(missing.field, `from: there is no user @${missing.value}`);
    filters.userIds = [...ids];
  }
  if (p.in.length) {
    const channels = await store.search.channels({ userId, hide, text: "", limit: MAX_CHANNELS, offset: 0 });
    const cids = new Set<string>();
    for (const ref of p.in) {
      const want = fold(ref.value);
      const matches = channels.filter(
        (c) =>
          c.cid === ref.value ||
          fold(c.id) === want ||
          fold(c.name) === want ||
          fold(c.name).replace(/\s+/g, "-") === want,
      );
      if (!matches.length) throw invalid(ref.field, `in: you have no channel #${ref.value}`);
      for (const c of matches) cids.add(c.cid);
    }
    filters.cids = [...cids];
  }
  return filters;
}
