import type { Audience, ChannelRow, MembershipKind, Repos } from "../../store/store.js";
import { APP_ROLES, CHANNEL_ROLES, memberMayRead, openToJoin } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "./channel-types.js";

/**
 * The kinds of membership whose channels the policies do not let `actor` read. Everything
 * listed from the actor's memberships (channel list, unread counts, search) leaves them out.
 * With the built-in policies there are none.
 */
export async function hiddenKinds(
  types: ChannelTypes,
  actor: Actor,
  repos?: Repos,
): Promise<MembershipKind[]> {
  if (actor.server) return [];
  const hidden: MembershipKind[] = [];
  for (const type of await types.names(repos)) {
    const policies = await types.policies(type, repos);
    for (const role of CHANNEL_ROLES) {
      for (const isDirect of [false, true]) {
        if (!memberMayRead(actor, policies, role, isDirect)) hidden.push({ type, role, is_direct: isDirect });
      }
    }
  }
  return hidden;
}

/** The channel types open to join that `actor` may join (`team`, by default). */
export async function joinableTypes(types: ChannelTypes, actor: Actor): Promise<string[]> {
  const joinable: string[] = [];
  for (const type of await types.names()) {
    if (openToJoin(actor, await types.policies(type))) joinable.push(type);
  }
  return joinable;
}

/**
 * Who of a new message's audience (`messages.insertNew`) may read it: every member when the
 * policies let every role read, as the built-in ones do; else those the policies let read.
 */
export async function readersOf(
  repos: Repos,
  types: ChannelTypes,
  channel: ChannelRow,
  audience: Audience,
): Promise<string[]> {
  const policies = await types.policies(channel.type, repos);
  const direct = channel.is_direct;
  const reads = (appRole: string, role: string) =>
    memberMayRead({ userId: "", server: false, role: appRole as Actor["role"] }, policies, role, direct);
  if (APP_ROLES.every((app) => CHANNEL_ROLES.every((role) => reads(app, role)))) return audience.userIds;
  const members = await repos.members.withRoles(channel.cid);
  const readers = new Set(members.filter((m) => reads(m.app_role, m.role)).map((m) => m.user_id));
  return audience.userIds.filter((u) => readers.has(u));
}
