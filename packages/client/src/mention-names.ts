/**
 * The names to show for a message's `@id` mentions. A channel's state holds its first 100
 * members; in a larger channel a mentioned member may not be among them, and is then named as in
 * the messages the state holds that they wrote. Only a user found in neither shows as the id.
 */
import type { ChannelStateSnapshot, LocalMessage } from "./types.js";

/** Authors' names by id, once per messages array (a snapshot's arrays are never changed). */
const authorsOf = new WeakMap<readonly LocalMessage[], Map<string, string>>();

function authorNames(messages: readonly LocalMessage[]): Map<string, string> {
  let names = authorsOf.get(messages);
  if (!names) {
    names = new Map();
    for (const m of messages) names.set(m.user.id, m.user.name);
    authorsOf.set(messages, names);
  }
  return names;
}

export function mentionNames(
  state: Pick<ChannelStateSnapshot, "members" | "messages">,
  mentioned: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of mentioned) {
    out[id] = state.members[id]?.user.name ?? authorNames(state.messages).get(id) ?? id;
  }
  return out;
}
