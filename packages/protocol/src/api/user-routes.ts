import { z } from "zod";
import { ownUserResponseSchema, userResponseSchema } from "../models.js";
import { userSearchQuerySchema } from "../rest.js";
import {
  searchChannelsResponseSchema,
  searchMessagesQuerySchema,
  searchMessagesResponseSchema,
  searchPageQuerySchema,
  searchUsersResponseSchema,
} from "../search.js";
import type { ApiRoute } from "./route.js";

const search = { tag: "search", method: "GET", auth: "either" } as const;

/** The caller, other users, and the three sources of the search controller (docs/api.md "Search"). */
export const userRoutes = {
  me: {
    tag: "users",
    method: "GET",
    path: "/chat/me",
    auth: "either",
    summary: "The caller, with unread counts, mutes and app-wide capabilities (as in `connection.ok`)",
    answers: { 200: z.object({ user: ownUserResponseSchema }) },
    errors: [],
  },
  queryUsers: {
    tag: "users",
    method: "GET",
    path: "/chat/users",
    auth: "either",
    summary: "Users matched on id or name, the caller left out, sorted by id",
    query: userSearchQuerySchema,
    answers: { 200: z.object({ users: z.array(userResponseSchema) }) },
    errors: [],
  },
  searchMessages: {
    ...search,
    path: "/chat/search/messages",
    summary: "Full-text search over the messages of the caller's channels, newest first",
    query: searchMessagesQuerySchema,
    answers: { 200: searchMessagesResponseSchema },
    errors: [],
  },
  searchUsers: {
    ...search,
    path: "/chat/search/users",
    summary: "Users whose id, name or a word of it starts with `q`",
    query: searchPageQuerySchema,
    answers: { 200: searchUsersResponseSchema },
    errors: [],
  },
  searchChannels: {
    ...search,
    path: "/chat/search/channels",
    summary: "The caller's channels whose name or a word of it starts with `q`",
    query: searchPageQuerySchema,
    answers: { 200: searchChannelsResponseSchema },
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;
