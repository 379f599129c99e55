import { z } from "zod";
import { CHANNEL_TOPIC_MAX, MAX_PAGE_SIZE, MEMBER_LIMIT } from "./constants.js";
import { userIdSchema } from "./ids.js";

const limit = (max: number) => z.number().int().min(1).max(max);
const messageId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-zA-Z0-9_-]+$/, "message id may only contain letters, digits, _ and -");
const imageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "image must be an http(s) URL");
const channelName = z.string().trim().max(128, "channel name must be at most 128 characters");
/** One line: a topic is shown under the channel's name. */
const channelTopic = z
  .string()
  .trim()
  .max(CHANNEL_TOPIC_MAX, `channel topic must be at most ${CHANNEL_TOPIC_MAX} characters`)
  .refine((v) => !/[\r\n]/.test(v), "channel topic must be one line");

export const messagePaginationSchema = z
  .object({
    limit: z.number().int().min(0).max(MAX_PAGE_SIZE).optional(),
    id_lt: messageId.optional(),
    id_gt: messageId.optional(),
    id_around: messageId.optional(),
  })
  .strict();

/** The same paging as a query string (`GET …/messages`, `GET …/replies`). */
export const messagePageQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE).optional(),
    id_lt: z.string().optional(),
    id_gt: z.string().optional(),
    id_around: z.string().optional(),
  })
  .strict()
  .pipe(messagePaginationSchema);

export const queryChannelsBodySchema = z
  .object({
    filter: z
      .object({
        type: z.string().max(64).optional(),
        hidden: z.boolean().optional(),
        muted: z.boolean().optional(),
      })
      .strict()
      .optional(),
    sort: z
      .array(
        z
          .object({
            field: z.enum(["last_message_at", "created_at", "updated_at"]),
            direction: z.union([z.literal(1), z.literal(-1)]),
          })
          .strict(),
      )
      .max(1)
      .optional(),
    limit: limit(100).optional(),
    offset: z.number().int().min(0).max(10_000).optional(),
    message_limit: z.number().int().min(0).max(MAX_PAGE_SIZE).optional(),
    /** Members listed per channel (default and most 100); the caller's own membership always comes. */
    member_limit: z.number().int().min(0).max(MEMBER_LIMIT).optional(),
  })
  .strict();

export const channelDataSchema = z
  .object({
    name: channelName.optional(),
    image: imageUrl.optional(),
    members: z.array(userIdSchema).max(500).optional(),
  })
  .strict();

export const channelQueryBodySchema = z
  .object({
    data: channelDataSchema.optional(),
    messages: messagePaginationSchema.optional(),
    /** When false, only read: never creates the channel. */
    create: z.boolean().optional(),
  })
  .strict();

export const updateChannelBodySchema = z
  .object({
    set: z
      .object({ name: channelName.optional(), image: imageUrl.optional(), topic: channelTopic.optional() })
      .strict(),
  })
  .strict();

export const updateMembersBodySchema = z
  .object({
    add: z.array(userIdSchema).max(500).optional(),
    remove: z.array(userIdSchema).max(500).optional(),
    /** Makes members channel moderators or plain members again (the owner stays the owner). */
    assign_roles: z
      .array(
        z
          .object({ user_id: userIdSchema, channel_role: z.enum(["channel_member", "channel_moderator"]) })
          .strict(),
      )
      .max(100)
      .optional(),
  })
  .strict()
  .refine(
    (b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) + (b.assign_roles?.length ?? 0) > 0,
    "add, remove or assign a role to at least one member",
  );

export const sendMessageBodySchema = z
  .object({
    message: z
      .object({
        id: messageId.optional(),
        text: z.string().max(100_000),
        parent_id: messageId.optional(),
        show_in_channel: z.boolean().optional(),
        mentioned_users: z.array(userIdSchema).max(100).optional(),
        /** Ids of files uploaded to the channel beforehand. */
        attachments: z.array(z.string().min(1).max(64)).max(10).optional(),
        /** Posts this poll (created beforehand with POST /polls) in the channel. */
        poll_id: z.string().min(1).max(64).optional(),
      })
      .strict(),
  })
  .strict();

export const reactionBodySchema = z
  .object({
    reaction: z
      .object({
        type: z
          .string()
          .trim()
          .min(1, "reaction type must not be empty")
          .max(64, "reaction type must be at most 64 characters")
          .refine((t) => !/\s/.test(t), "reaction type must not contain spaces"),
      })
      .strict(),
  })
  .strict();

export const messageHistoryBodySchema = z
  .object({
    filter: z.object({ message_id: messageId }).strict(),
    sort: z
      .array(
        z
          .object({ field: z.literal("created_at"), direction: z.union([z.literal(1), z.literal(-1)]) })
          .strict(),
      )
      .max(1)
      .optional(),
    limit: z.number().int().min(1).max(100).optional(),
  })
  .strict();

export const threadReadBodySchema = z.object({}).strict();

export const updateMessageBodySchema = z
  .object({
    message: z.object({ text: z.string().max(100_000) }).strict(),
  })
  .strict();

export const markReadBodySchema = z
  .object({
    message_id: messageId.optional(),
  })
  .strict();

/** Star (favourite) or unstar a channel for the caller. */
export const starChannelBodySchema = z.object({ starred: z.boolean() }).strict();

/** A query string of an optional text `q` (at most `maxText` characters) and offset paging. */
const pagedTextQuery = (maxText: number) =>
  z
    .object({
      q: z.string().max(maxText).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
      offset: z.coerce.number().int().min(0).max(10_000).optional(),
    })
    .strict();

export const userSearchQuerySchema = pagedTextQuery(256);

/** `GET /channels/joinable`: channels the user may join, by name. */
export const joinableChannelsQuerySchema = pagedTextQuery(64);

/**
 * The image types the image proxy serves: raster formats a browser decodes and never runs. SVG
 * is not among them (it can carry script), nor is anything whose bytes are not what it claims.
 */
export const PROXIED_IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
] as const;

/** `GET /chat/images`: the image of another host to fetch. */
export const imageQuerySchema = z
  .object({ url: z.string({ error: "url is required: the http(s) URL of the image" }).min(1) })
  .strict();

export type MessagePagination = z.infer<typeof messagePaginationSchema>;
export type QueryChannelsBody = z.infer<typeof queryChannelsBodySchema>;
export type ChannelQueryBody = z.infer<typeof channelQueryBodySchema>;
export type UpdateChannelBody = z.infer<typeof updateChannelBodySchema>;
export type UpdateMembersBody = z.infer<typeof updateMembersBodySchema>;
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
export type UpdateMessageBody = z.infer<typeof updateMessageBodySchema>;
export type ReactionBody = z.infer<typeof reactionBodySchema>;
export type MessageHistoryBody = z.infer<typeof messageHistoryBodySchema>;
export type MarkReadBody = z.infer<typeof markReadBodySchema>;
export type StarChannelBody = z.infer<typeof starChannelBodySchema>;
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;
export type JoinableChannelsQuery = z.infer<typeof joinableChannelsQuerySchema>;
