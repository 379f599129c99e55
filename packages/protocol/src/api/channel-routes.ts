import { z } from "zod";
import {
  channelResponseSchema,
  channelStateResponseSchema,
  memberResponseSchema,
  membershipResponseSchema,
  readStateResponseSchema,
  unreadResponseSchema,
} from "../models.js";
import { muteChannelBodySchema } from "../notifications.js";
import {
  channelQueryBodySchema,
  joinableChannelsQuerySchema,
  markReadBodySchema,
  queryChannelsBodySchema,
  starChannelBodySchema,
  updateChannelBodySchema,
  updateMembersBodySchema,
} from "../rest.js";
import { channelAnswer, emptyAnswer } from "./answers.js";
import { channelPath, channelTypePath } from "./params.js";
import type { ApiRoute } from "./route.js";

const tag = "channels";
const onChannel = { tag, auth: "either", params: channelPath } as const;
/** A change to the caller's own membership, answered with nothing. */
const ownMembership = (verb: string, summary: string) =>
  ({
    ...onChannel,
    method: "POST",
    path: `/chat/channels/{type}/{id}/${verb}`,
    summary,
    answers: { 200: emptyAnswer },
    errors: ["forbidden", "not_found"],
  }) as const satisfies ApiRoute;

/** Channels, membership and read state (docs/api.md "Chat REST"). */
export const channelRoutes = {
  queryChannels: {
    tag,
    method: "POST",
    path: "/chat/channels",
    auth: "either",
    summary: "The channels the caller is a member of",
    body: queryChannelsBodySchema,
    answers: { 200: z.object({ channels: z.array(channelStateResponseSchema) }) },
    errors: [],
  },
  joinableChannels: {
    tag,
    method: "GET",
    path: "/chat/channels/joinable",
    auth: "either",
    summary: "Channels of open types the caller may join and is not in, newest activity first",
    query: joinableChannelsQuerySchema,
    answers: { 200: z.object({ channels: z.array(channelResponseSchema) }) },
    errors: [],
  },
  queryDirectChannel: {
    tag,
    method: "POST",
    path: "/chat/channels/{type}/query",
    auth: "either",
    params: channelTypePath,
    summary: "Get or create the channel of a member set, with no id (a direct conversation)",
    body: channelQueryBodySchema,
    answers: { 200: channelStateResponseSchema },
    errors: ["bad_request", "forbidden", "not_found"],
  },
  queryChannel: {
    ...onChannel,
    method: "POST",
    path: "/chat/channels/{type}/{id}/query",
    summary: "Get a channel, or create it when missing (`create` defaults to true)",
    body: channelQueryBodySchema,
    answers: { 200: channelStateResponseSchema },
    errors: ["bad_request", "forbidden", "not_found"],
  },
  updateChannel: {
    ...onChannel,
    method: "PATCH",
    path: "/chat/channels/{type}/{id}",
    summary: "Change a channel's name or image",
    body: updateChannelBodySchema,
    answers: { 200: channelAnswer },
    errors: ["forbidden", "not_found"],
  },
  deleteChannel: {
    ...onChannel,
    method: "DELETE",
    path: "/chat/channels/{type}/{id}",
    summary: "Delete a channel (soft delete)",
    answers: { 200: channelAnswer },
    errors: ["forbidden", "not_found"],
  },
  truncateChannel: {
    ...onChannel,
    method: "POST",
    path: "/chat/channels/{type}/{id}/truncate",
    summary: "Hide every message sent so far",
    answers: { 200: channelAnswer },
    errors: ["forbidden", "not_found"],
  },
  updateMembers: {
    ...onChannel,
    method: "POST",
    path: "/chat/channels/{type}/{id}/members",
    summary: "Add and remove members, or change their channel roles",
    body: updateMembersBodySchema,
    answers: { 200: z.object({ channel: channelResponseSchema, members: z.array(memberResponseSchema) }) },
    errors: ["bad_request", "forbidden", "not_found"],
  },
  joinChannel: {
    ...onChannel,
    method: "POST",
    path: "/chat/channels/{type}/{id}/join",
    summary: "Join a channel whose type lets the caller in (team channels)",
    answers: { 200: z.object({ channel: channelResponseSchema, member: membershipResponseSchema }) },
    errors: ["forbidden", "not_found"],
  },
  leaveChannel: ownMembership("leave", "Leave a channel"),
  hideChannel: ownMembership("hide", "Hide a channel from the caller's list until its next message"),
  showChannel: ownMembership("show", "Show a hidden channel again"),
  muteChannel: {
    ...ownMembership("mute", "Mute a channel: its messages stop notifying the caller"),
    description: "With `until`, the channel unmutes by itself then (checked at least every 30 s).",
    body: muteChannelBodySchema,
  },
  unmuteChannel: ownMembership("unmute", "Unmute a channel"),
  starChannel: {
    ...onChannel,
    method: "PUT",
    path: "/chat/channels/{type}/{id}/star",
    summary: "Star (favourite) or unstar a channel for the caller",
    description: "The caller's sockets get `channel.starred_updated`; starred channels lead the sidebar.",
    body: starChannelBodySchema,
    answers: { 200: z.object({ membership: membershipResponseSchema }) },
    errors: ["forbidden", "not_found"],
  },
  markRead: {
    ...onChannel,
    method: "POST",
    path: "/chat/channels/{type}/{id}/read",
    summary: "Mark the channel read up to a message (default: the newest)",
    body: markReadBodySchema,
    answers: { 200: z.object({ read: readStateResponseSchema }) },
    errors: ["forbidden", "not_found"],
  },
  unread: {
    tag,
    method: "GET",
    path: "/chat/unread",
    auth: "either",
    summary: "Unread counts: the total (muted channels left out), every membership, and threads",
    answers: { 200: unreadResponseSchema },
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;
