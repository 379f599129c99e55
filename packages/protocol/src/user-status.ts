import { z } from "zod";

/** How long a status text may be, in characters (code points). */
export const USER_STATUS_TEXT_MAX = 100;

const time = z.string().describe("ISO-8601 time");
const isoTime = z.iso.datetime({ offset: true }).describe("ISO-8601 time");

/** What a user says about themselves next to their name (docs/api.md "User status"). */
export const userStatusSchema = z.object({
  emoji: z.string().describe("One emoji, or empty"),
  text: z.string().describe(`Up to ${USER_STATUS_TEXT_MAX} characters, or empty`),
  expires_at: time.nullable().describe("When the status clears by itself; null: until cleared"),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

const pictograph = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const emojiOnly = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)+$/u;
// Line breaks, tabs and other control or format characters that could disguise the text.
const hidden = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export const setUserStatusBodySchema = z
  .object({
    emoji: z
      .string()
      .max(32, "emoji must be one emoji")
      .refine((s) => s === "" || (emojiOnly.test(s) && pictograph.test(s)), "emoji must be one emoji")
      .optional(),
    text: z
      .string()
      .max(USER_STATUS_TEXT_MAX * 2, `text must be at most ${USER_STATUS_TEXT_MAX} characters`)
      .refine(
        (s) => [...s.trim()].length <= USER_STATUS_TEXT_MAX,
        `text must be at most ${USER_STATUS_TEXT_MAX} characters`,
      )
      .refine((s) => !hidden.test(s), "text must be one line without control characters")
      .optional(),
    expires_at: isoTime
      .nullable()
      .optional()
      .describe("When it clears by itself (in the future, within a year); null or absent: until cleared."),
  })
  .strict();
export type SetUserStatusBody = z.infer<typeof setUserStatusBodySchema>;
