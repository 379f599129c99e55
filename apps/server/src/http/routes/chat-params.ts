import { toCid } from "@parley/protocol";

/** The cid of a route's `{type}` and `{id}`. */
export const cidOf = (params: { type: string; id: string }) => toCid(params.type, params.id);
