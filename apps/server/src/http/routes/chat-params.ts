import { channelIdSchema, channelTypeSchema, toCid } from "@parley/protocol";
import { z } from "zod";
import { parse } from "../../lib/parse.js";

const channelParams = z.object({ type: channelTypeSchema, id: channelIdSchema });
const typeParams = z.object({ type: channelTypeSchema });
const messageParams = z.object({ id: z.string().min(1).max(64) });

export const cidOf = (params: unknown) => {
  const p = parse(channelParams, params);
  return toCid(p.type, p.id);
};
export const typeOf = (params: unknown) => parse(typeParams, params).type;
export const messageIdOf = (params: unknown) => parse(messageParams, params).id;

/** Query parameters minus the ones every chat call carries. */
export function callQuery(query: unknown): Record<string, unknown> {
  const { api_key: _k, user_id: _u, ...rest } = (query ?? {}) as Record<string, unknown>;
  return rest;
}
