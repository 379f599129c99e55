import { z } from "zod";
import {
  channelConfigSchema,
  channelResponseSchema,
  messageResponseSchema,
  pollOptionResponseSchema,
  pollResponseSchema,
  pollVoteResponseSchema,
  reactionResponseSchema,
} from "../models.js";
import { policySchema } from "../policies.js";

/** Answer shapes more than one route gives. */

export const emptyAnswer = z.object({});
export const channelAnswer = z.object({ channel: channelResponseSchema });
export const messageAnswer = z.object({ message: messageResponseSchema });
export const messagesAnswer = z.object({ messages: z.array(messageResponseSchema) });
export const reactionChangeAnswer = z.object({
  message: messageResponseSchema,
  reaction: reactionResponseSchema,
});
export const pollAnswer = z.object({ poll: pollResponseSchema });
export const pollOptionChangeAnswer = z.object({
  poll_option: pollOptionResponseSchema,
  poll: pollResponseSchema,
});
export const voteAnswer = z.object({ vote: pollVoteResponseSchema, poll: pollResponseSchema });
export const channelTypeAnswer = z.object({
  channel_type: z.object({ name: z.string(), config: channelConfigSchema }),
});
export const policiesAnswer = z.object({ policies: z.array(policySchema).describe("In evaluation order.") });
export const mutesAnswer = z.object({ mutes: z.array(z.string()).describe("The caller's muted user ids.") });
