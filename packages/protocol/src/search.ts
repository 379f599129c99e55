/** Search (spec §3, §4, §9; docs/api.md "Search"): request schemas and answer shapes. */
import { z } from "zod";
import { channelResponseSchema, userResponseSchema } from "./models.js";

export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_MAX_QUERY_LENGTH = 256;
export const SEARCH_MAX_OFFSET = 10_000;
/** Longer than any cursor the server mints; anything past it is malformed. */
export const SEARCH_MAX_CURSOR_LENGTH = 512;

const searchText = z
  .string()
  .max(SEARCH_MAX_QUERY_LENGTH, `q must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`);
const limit = z.coerce
  .number()
  .int("limit must be an integer")
  .min(1, "limit must be at least 1")
  .max(SEARCH_MAX_LIMIT, `limit must be at most ${SEARCH_MAX_LIMIT}`);
const offset = z.coerce
  .number()
  .int("offset must be an integer")
  .min(0, "offset must not be negative")
  .max(SEARCH_MAX_OFFSET, `offset must be at most ${SEARCH_MAX_OFFSET}`);

/** The filters of message search, as `q` syntax (`from:@ana`) and as query parameters alike. */
export const SEARCH_FILTERS = ["from", "in", "before", "after", "on", "has", "is"] as const;
export type SearchFilterName = (typeof SEARCH_FILTERS)[number];
export const SEARCH_HAS_VALUES = ["file", "link"] as const;
export const SEARCH_IS_VALUES = ["pinned", "thread"] as const;

const filterText = (name: string) =>
  z.string().min(1, `${name} must not be empty`).max(SEARCH_MAX_QUERY_LENGTH, `${name} is too long`);
const day = (name: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`);
const valueList = (name: string, values: readonly string[]) =>
  z
    .string()
    .regex(
      new RegExp(`^(${values.join("|")})(,(${values.join("|")}))*$`),
      `${name} must be ${values.join(" or ")} (several: comma-separated)`,
    );

/** `GET /chat/search/messages` query parameters. */
export const searchMessagesQuerySchema = z
  .object({
    q: searchText.optional(),
    limit: limit.optional(),
    next: z.string().max(SEARCH_MAX_CURSOR_LENGTH, "next is not a cursor this server gave").optional(),
    from: filterText("from").optional().describe("A user id (`ana` or `@ana`), case-insensitive."),
    in: filterText("in")
      .optional()
      .describe("One of the caller's channels: its name, id or cid (`general`, `#general`)."),
    before: day("before").optional().describe("Messages sent before this day (UTC)."),
    after: day("after").optional().describe("Messages sent after this day (UTC)."),
    on: day("on").optional().describe("Messages sent on this day (UTC)."),
    has: valueList("has", SEARCH_HAS_VALUES).optional().describe("`file`, `link`, or both: `file,link`."),
    is: valueList("is", SEARCH_IS_VALUES).optional().describe("`pinned`, `thread`, or both."),
  })
  .strict();

/** `GET /chat/search/users` and `GET /chat/search/channels` query parameters. */
export const searchPageQuerySchema = z
  .object({
    q: searchText.optional(),
    limit: limit.optional(),
    offset: offset.optional(),
  })
  .strict();

export type SearchMessagesQuery = z.infer<typeof searchMessagesQuerySchema>;
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

/** A matched word in a message's text: UTF-16 offsets `[start, end)` into `message.text`. */
export const highlightRangeSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type HighlightRange = z.infer<typeof highlightRangeSchema>;

/** What a result row shows of a person: never more (no role, no presence). */
export const searchUserSchema = z.object({ id: z.string(), name: z.string(), image: z.string() });
export type SearchUser = z.infer<typeof searchUserSchema>;

export const messageSearchResultSchema = z.object({
  message: z.object({
    id: z.string(),
    cid: z.string(),
    text: z.string(),
    created_at: z.string(),
    parent_id: z
      .string()
      .nullable()
      .describe("Set when the message is a thread reply: the thread's first message."),
    user: searchUserSchema,
    mentioned_users: z
      .array(searchUserSchema)
      .describe("The users the text mentions as `@id`, with the names to show for them."),
  }),
  channel: z.object({
    cid: z.string(),
    type: z.string(),
    id: z.string(),
    name: z.string(),
    image: z.string(),
    is_direct: z.boolean(),
  }),
  highlight: z
    .array(highlightRangeSchema)
    .describe("The matched words, in order, never overlapping. Render them as elements, never as HTML."),
});
export type MessageSearchResult = z.infer<typeof messageSearchResultSchema>;

export const searchMessagesResponseSchema = z.object({
  results: z.array(messageSearchResultSchema),
  next: z
    .string()
    .optional()
    .describe("Present when more results exist: pass it back as `next` for the following page."),
});
export type SearchMessagesResponse = z.infer<typeof searchMessagesResponseSchema>;

export const searchUsersResponseSchema = z.object({ users: z.array(userResponseSchema) });
export type SearchUsersResponse = z.infer<typeof searchUsersResponseSchema>;

export const searchChannelsResponseSchema = z.object({ channels: z.array(channelResponseSchema) });
export type SearchChannelsResponse = z.infer<typeof searchChannelsResponseSchema>;

export interface HighlightSegment {
  text: string;
  match: boolean;
}

/** Splits `text` into plain and matched segments for rendering (ranges out of bounds are clipped). */
export function highlightSegments(text: string, ranges: readonly HighlightRange[]): HighlightSegment[] {
  const out: HighlightSegment[] = [];
  let at = 0;
  for (const r of ranges) {
    const start = Math.max(at, Math.min(r.start, text.length));
    const end = Math.max(start, Math.min(r.end, text.length));
    if (start > at) out.push({ text: text.slice(at, start), match: false });
    if (end > start) out.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}
