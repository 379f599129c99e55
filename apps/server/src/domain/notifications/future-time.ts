import { invalid } from "../errors.js";

/** How far ahead a mute or Do Not Disturb may end. */
const MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/** `value` (ISO-8601) as a stored time, when it lies after `now` and within a year of it. */
export function futureTime(field: string, value: string, now: Date): string {
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw invalid(field, `${field} must be an ISO-8601 time`);
  if (at <= now.getTime()) throw invalid(field, `${field} must lie in the future`);
  if (at - now.getTime() > MAX_AHEAD_MS) throw invalid(field, `${field} must be within a year`);
  return new Date(at).toISOString();
}
