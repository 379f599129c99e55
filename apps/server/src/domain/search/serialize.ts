import type { MessageSearchResult, SearchUser } from "@parley/protocol";
import type { MessageSearchHit, UserRow } from "../../store/store.js";
import { highlightRanges } from "./highlight.js";
import type { SearchTerms } from "./search-text.js";

/** A deleted author shows as "Deleted user" with no picture, as everywhere else. */
function toSearchUser(u: UserRow): SearchUser {
  return u.deleted_at
    ? { id: u.id, name: "Deleted user", image: "" }
    : { id: u.id, name: u.name, image: u.image };
}

export function toMessageSearchResult(hit: MessageSearchHit, terms: SearchTerms): MessageSearchResult {
  const { message: m, channel: c } = hit;
  return {
    message: {
      id: m.id,
      cid: m.cid,
      text: m.text,
      created_at: m.created_at,
      parent_id: m.parent_id ?? null,
      user: toSearchUser(hit.user),
      mentioned_users: hit.mentioned.map(toSearchUser),
    },
    channel: {
      cid: c.cid,
      type: c.type,
      id: c.id,
      name: c.name,
      image: c.image,
      is_direct: c.is_direct,
    },
    highlight: highlightRanges(m.text, terms),
  };
}
