import type { IdMatch } from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import type { Clock } from "../clock.js";

/** What every poll service needs. */
export interface PollDeps {
  store: Store;
  types: ChannelTypes;
  clock: Clock;
}

/** `"id"`, `{ $eq: "id" }` or `{ $in: [...] }` as a list of ids. */
export function idsOf(match: IdMatch | undefined): string[] | undefined {
  if (match === undefined) return undefined;
  if (typeof match === "string") return [match];
  if ("$eq" in match) return [match.$eq];
  return match.$in;
}
