import { z } from "zod";
import { channelIdSchema, channelTypeSchema, userIdSchema } from "../ids.js";

/** Path parameters, by the routes that share them. */

const id = z.string().min(1).max(64);

export const channelTypePath = z.object({ type: channelTypeSchema });
export const channelPath = z.object({ type: channelTypeSchema, id: channelIdSchema });
/** A message, an upload or a poll by id. */
export const idPath = z.object({ id });
export const reactionPath = z.object({ id, type: id });
export const userPath = z.object({ id: userIdSchema });
export const channelTypeNamePath = z.object({ name: channelTypeSchema });
export const pollOptionPath = z.object({ id, optionId: id });
export const voteTargetPath = z.object({ messageId: id, pollId: id });
export const votePath = z.object({ messageId: id, pollId: id, voteId: id });
