import { z } from "zod";

/** Poll limits (docs/api.md "Polls"). */
export const POLL_NAME_MAX = 255;
export const POLL_DESCRIPTION_MAX = 2_000;
export const POLL_OPTION_TEXT_MAX = 500;
export const POLL_OPTIONS_MAX = 100;
export const POLL_ANSWER_TEXT_MAX = 1_000;
export const POLL_MAX_VOTES_MIN = 2;
export const POLL_MAX_VOTES_MAX = 10;
/** How many voters each option and the answers list show inline in a poll. */
export const POLL_LATEST_VOTES = 10;
export const POLL_QUERY_DEFAULT_LIMIT = 25;
export const POLL_QUERY_MAX_LIMIT = 100;

export const VOTING_VISIBILITIES = ["public", "anonymous"] as const;
export type VotingVisibility = (typeof VOTING_VISIBILITIES)[number];

const pollId = z.string().min(1).max(64);
const pollName = z
  .string()
  .trim()
  .min(1, "poll name must not be empty")
  .max(POLL_NAME_MAX, `poll name must be at most ${POLL_NAME_MAX} characters`);
const description = z
  .string()
  .trim()
  .max(POLL_DESCRIPTION_MAX, `description must be at most ${POLL_DESCRIPTION_MAX} characters`);
const optionText = z
  .string()
  .trim()
  .min(1, "option text must not be empty")
  .max(POLL_OPTION_TEXT_MAX, `option text must be at most ${POLL_OPTION_TEXT_MAX} characters`);
const position = z.number().int().min(0).max(1_000_000);
const maxVotes = z
  .number()
  .int()
  .min(POLL_MAX_VOTES_MIN, `max_votes_allowed must be ${POLL_MAX_VOTES_MIN}-${POLL_MAX_VOTES_MAX}`)
  .max(POLL_MAX_VOTES_MAX, `max_votes_allowed must be ${POLL_MAX_VOTES_MIN}-${POLL_MAX_VOTES_MAX}`);

/** Option texts compare trimmed and case-insensitively. */
export const optionTextKey = (text: string) => text.trim().toLowerCase();

function uniqueTexts(options: readonly { text: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  options.forEach((o, i) => {
    const key = optionTextKey(o.text);
    if (seen.has(key)) {
      ctx.addIssue({ code: "custom", path: ["options", i, "text"], message: "option texts must be unique" });
    }
    seen.add(key);
  });
}

function uniqueVoteRule(b: { enforce_unique_vote?: boolean; max_votes_allowed?: number | null }) {
  return !(b.enforce_unique_vote && b.max_votes_allowed != null);
}
const uniqueVoteIssue = {
  message: "max_votes_allowed cannot be combined with enforce_unique_vote",
  path: ["max_votes_allowed"],
};

export const pollOptionInputSchema = z.object({ text: optionText, position: position.optional() }).strict();

const pollFields = {
  name: pollName,
  description: description.optional(),
  enforce_unique_vote: z.boolean().optional(),
  max_votes_allowed: maxVotes.nullable().optional(),
  allow_answers: z.boolean().optional(),
  allow_user_suggested_options: z.boolean().optional(),
  voting_visibility: z.enum(VOTING_VISIBILITIES).optional(),
  is_closed: z.boolean().optional(),
};

/** POST /polls. */
export const createPollBodySchema = z
  .object({
    ...pollFields,
    options: z
      .array(pollOptionInputSchema)
      .min(1, "a poll needs at least one option")
      .max(POLL_OPTIONS_MAX, `a poll has at most ${POLL_OPTIONS_MAX} options`),
  })
  .strict()
  .superRefine((b, ctx) => uniqueTexts(b.options, ctx))
  .refine(uniqueVoteRule, uniqueVoteIssue);

/** PUT /polls: replaces every field; omitted ones go back to their defaults. */
export const replacePollBodySchema = z
  .object({
    id: pollId,
    ...pollFields,
    /** When given, the poll's options become exactly these (kept by id, new ones without). */
    options: z
      .array(z.object({ id: pollId.optional(), text: optionText, position: position.optional() }).strict())
      .min(1, "a poll needs at least one option")
      .max(POLL_OPTIONS_MAX, `a poll has at most ${POLL_OPTIONS_MAX} options`)
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => uniqueTexts(b.options ?? [], ctx))
  .refine(uniqueVoteRule, uniqueVoteIssue);

export const UNSETTABLE_POLL_FIELDS = [
  "description",
  "enforce_unique_vote",
  "max_votes_allowed",
  "allow_answers",
  "allow_user_suggested_options",
  "voting_visibility",
  "is_closed",
] as const;

/** PATCH /polls/{id}: `set` some fields, `unset` others back to their defaults. */
export const patchPollBodySchema = z
  .object({
    set: z
      .object({
        name: pollName.optional(),
        description: description.optional(),
        enforce_unique_vote: z.boolean().optional(),
        max_votes_allowed: maxVotes.nullable().optional(),
        allow_answers: z.boolean().optional(),
        allow_user_suggested_options: z.boolean().optional(),
        voting_visibility: z.enum(VOTING_VISIBILITIES).optional(),
        is_closed: z.boolean().optional(),
      })
      .strict()
      .optional(),
    unset: z.array(z.enum(UNSETTABLE_POLL_FIELDS)).max(UNSETTABLE_POLL_FIELDS.length).optional(),
  })
  .strict()
  .refine(
    (b) => Object.keys(b.set ?? {}).length + (b.unset?.length ?? 0) > 0,
    "set or unset at least one field",
  )
  .refine((b) => !(b.unset ?? []).some((f) => b.set && f in b.set), {
    message: "a field cannot be both set and unset",
    path: ["unset"],
  });

/** POST /polls/{id}/options. */
export const addPollOptionBodySchema = pollOptionInputSchema;

/** PUT /polls/{id}/options. */
export const updatePollOptionBodySchema = z
  .object({ id: pollId, text: optionText, position: position.optional() })
  .strict();

/** POST /messages/{messageId}/polls/{pollId}/vote: exactly one of option_id and answer_text. */
export const castVoteBodySchema = z
  .object({
    vote: z
      .object({
        option_id: pollId.optional(),
        answer_text: z
          .string()
          .trim()
          .min(1, "answer_text must not be empty")
          .max(POLL_ANSWER_TEXT_MAX, `answer_text must be at most ${POLL_ANSWER_TEXT_MAX} characters`)
          .optional(),
      })
      .strict()
      .refine((v) => (v.option_id === undefined) !== (v.answer_text === undefined), {
        message: "give exactly one of option_id and answer_text",
      }),
  })
  .strict();

const idMatch = z.union([
  pollId,
  z.object({ $eq: pollId }).strict(),
  z.object({ $in: z.array(pollId).min(1).max(100) }).strict(),
]);
const direction = z.union([z.literal(1), z.literal(-1)]);
const limit = z.number().int().min(1).max(POLL_QUERY_MAX_LIMIT);
const cursor = z.string().min(1).max(1024);

/** POST /polls/query. */
export const queryPollsBodySchema = z
  .object({
    filter: z
      .object({
        id: idMatch.optional(),
        created_by_id: idMatch.optional(),
        cid: z
          .union([
            z.string().min(3).max(130),
            z.object({ $in: z.array(z.string()).min(1).max(100) }).strict(),
          ])
          .optional(),
        name: z
          .union([
            z.string().max(POLL_NAME_MAX),
            z.object({ $eq: z.string().max(POLL_NAME_MAX) }).strict(),
            z.object({ $autocomplete: z.string().min(1).max(POLL_NAME_MAX) }).strict(),
          ])
          .optional(),
        is_closed: z.boolean().optional(),
        voting_visibility: z.enum(VOTING_VISIBILITIES).optional(),
        enforce_unique_vote: z.boolean().optional(),
        allow_answers: z.boolean().optional(),
        allow_user_suggested_options: z.boolean().optional(),
      })
      .strict()
      .optional(),
    sort: z
      .array(
        z.object({ field: z.enum(["created_at", "updated_at", "name", "is_closed"]), direction }).strict(),
      )
      .max(1)
      .optional(),
    limit: limit.optional(),
    next: cursor.optional(),
  })
  .strict();

/** POST /polls/{id}/votes; answers are `filter: { is_answer: true }`. */
export const queryVotesBodySchema = z
  .object({
    filter: z
      .object({
        id: idMatch.optional(),
        option_id: idMatch.optional(),
        user_id: idMatch.optional(),
        is_answer: z.boolean().optional(),
      })
      .strict()
      .optional(),
    sort: z
      .array(z.object({ field: z.enum(["created_at", "updated_at"]), direction }).strict())
      .max(1)
      .optional(),
    limit: limit.optional(),
    next: cursor.optional(),
  })
  .strict();

export type PollOptionInput = z.infer<typeof pollOptionInputSchema>;
export type CreatePollBody = z.infer<typeof createPollBodySchema>;
export type ReplacePollBody = z.infer<typeof replacePollBodySchema>;
export type PatchPollBody = z.infer<typeof patchPollBodySchema>;
export type UnsettablePollField = (typeof UNSETTABLE_POLL_FIELDS)[number];
export type AddPollOptionBody = z.infer<typeof addPollOptionBodySchema>;
export type UpdatePollOptionBody = z.infer<typeof updatePollOptionBodySchema>;
export type CastVoteBody = z.infer<typeof castVoteBodySchema>;
export type QueryPollsBody = z.infer<typeof queryPollsBodySchema>;
export type QueryVotesBody = z.infer<typeof queryVotesBodySchema>;
export type IdMatch = z.infer<typeof idMatch>;
