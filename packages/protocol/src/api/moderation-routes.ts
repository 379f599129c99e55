import { z } from "zod";
import { userResponseSchema } from "../models.js";
import {
  banBodySchema,
  banResponseSchema,
  bansQuerySchema,
  flagBodySchema,
  flagQueryBodySchema,
  flagResponseSchema,
  flagViewSchema,
  muteBodySchema,
  roleBodySchema,
  unbanBodySchema,
  updateFlagsBodySchema,
} from "../moderation.js";
import { channelTypeSettingsBodySchema, policiesBodySchema } from "../policies.js";
import { channelTypeAnswer, emptyAnswer, mutesAnswer, policiesAnswer } from "./answers.js";
import { channelTypeNamePath, idPath, userPath } from "./params.js";
import type { ApiRoute } from "./route.js";

const moderation = { tag: "moderation", auth: "either" } as const;
const channelType = { tag: "channel types", auth: "either", params: channelTypeNamePath } as const;
const flagsAnswer = z.object({ flags: z.array(flagViewSchema) });
const muting = (path: "mute" | "unmute", summary: string) =>
  ({
    ...moderation,
    method: "POST",
    path: `/chat/moderation/${path}`,
    summary,
    body: muteBodySchema,
    answers: { 200: mutesAnswer },
    errors: ["not_found"],
  }) as const satisfies ApiRoute;

/** Flags, bans, mutes, roles, channel-type settings and policies (docs/api.md "Moderation…"). */
export const moderationRoutes = {
  flagMessage: {
    ...moderation,
    method: "POST",
    path: "/chat/messages/{id}/flag",
    params: idPath,
    summary: "Flag a message for review",
    body: flagBodySchema,
    answers: { 201: z.object({ flag: flagResponseSchema }) },
    errors: ["bad_request", "forbidden", "not_found", "conflict"],
  },
  queryFlags: {
    ...moderation,
    method: "POST",
    path: "/chat/moderation/flags",
    summary: "The flag queue (moderators, admins)",
    body: flagQueryBodySchema,
    answers: { 200: flagsAnswer },
    errors: ["forbidden"],
  },
  updateFlags: {
    ...moderation,
    method: "POST",
    path: "/chat/automod/v1/moderation/update_flags",
    summary: "Review the flags of messages: keep or remove them, and ban their authors",
    body: updateFlagsBodySchema,
    answers: { 200: flagsAnswer },
    errors: ["forbidden", "not_found"],
  },
  banUser: {
    ...moderation,
    method: "POST",
    path: "/chat/moderation/ban",
    summary: "Ban a user app-wide or in a channel",
    body: banBodySchema,
    answers: { 201: z.object({ ban: banResponseSchema }) },
    errors: ["forbidden", "not_found"],
  },
  unbanUser: {
    ...moderation,
    method: "POST",
    path: "/chat/moderation/unban",
    summary: "Lift a ban",
    body: unbanBodySchema,
    answers: { 200: emptyAnswer },
    errors: ["forbidden", "not_found"],
  },
  queryBans: {
    ...moderation,
    method: "GET",
    path: "/chat/moderation/bans",
    summary: "The bans in force, in a channel or app-wide",
    query: bansQuerySchema,
    answers: { 200: z.object({ bans: z.array(banResponseSchema) }) },
    errors: ["forbidden", "not_found"],
  },
  muteUser: muting("mute", "Mute a user: their messages are hidden from the caller and never notify"),
  unmuteUser: muting("unmute", "Unmute a user"),
  setRole: {
    ...moderation,
    method: "PUT",
    path: "/chat/users/{id}/role",
    params: userPath,
    summary: "Set a user's app role (admins)",
    body: roleBodySchema,
    answers: { 200: z.object({ user: userResponseSchema }) },
    errors: ["forbidden", "not_found"],
  },
  getChannelType: {
    ...channelType,
    method: "GET",
    path: "/chat/channel-types/{name}",
    summary: "A channel type's settings (admins)",
    answers: { 200: channelTypeAnswer },
    errors: ["forbidden", "not_found"],
  },
  updateChannelType: {
    ...channelType,
    method: "PATCH",
    path: "/chat/channel-types/{name}",
    summary: "Change some of a channel type's settings (admins)",
    body: channelTypeSettingsBodySchema,
    answers: { 200: channelTypeAnswer },
    errors: ["forbidden", "not_found"],
  },
  getPolicies: {
    ...channelType,
    method: "GET",
    path: "/chat/channel-types/{name}/policies",
    summary: "A channel type's policies, in evaluation order (admins)",
    answers: { 200: policiesAnswer },
    errors: ["forbidden", "not_found"],
  },
  replacePolicies: {
    ...channelType,
    method: "PUT",
    path: "/chat/channel-types/{name}/policies",
    summary: "Replace a channel type's policies; `null` restores the defaults (admins)",
    body: policiesBodySchema,
    answers: { 200: policiesAnswer },
    errors: ["forbidden", "not_found"],
  },
} as const satisfies Record<string, ApiRoute>;
