import {
  type AppCapability,
  type ChannelCapabilities,
  type ChannelConfig,
  ErrorCode,
  POLICY_RESOURCES,
  UNBANNABLE_ROLES,
} from "@parley/protocol";
import type { ChannelRow, MemberRow, PollRow } from "../store/store.js";
import type { Actor } from "./auth/chat-tokens.js";
import { DomainError, forbidden } from "./errors.js";
import { allowed, type Policy, type Resource } from "./policies/policy.js";

/**
 * The only place a permission is decided. Channel actions are answered by the channel type's
 * policies (spec §6; domain/policies): the user's roles are their app role, their channel role
 * when a member, and `direct_member` in a direct conversation; `owner` policies apply when the
 * user owns the resource. A ban in force refuses writing. Server-side tokens bypass policies.
 */
export type Action = Resource;

export interface AccessContext {
  actor: Actor;
  channel: ChannelRow;
  config: ChannelConfig;
  /** The actor's membership of the channel, if any. */
  member: MemberRow | undefined;
  /** The channel type's policies, in evaluation order. */
  policies: readonly Policy[];
  /** True when an app-wide or channel ban of the actor is in force. */
  banned: boolean;
  /** The owner of the resource acted on (a message's author, a vote's voter). */
  ownerId?: string;
}

/**
 * A poll action: the poll (absent when creating or querying) and, once it is posted, the
 * channel it lives in with the actor's membership and that channel type's policies.
 */
export interface PollAccessContext {
  scope: "poll";
  actor: Actor;
  /** The actor's app-wide role (`users.role`). */
  actorRole: string;
  poll?: Pick<PollRow, "created_by_id" | "allow_user_suggested_options">;
  home?: {
    config: ChannelConfig;
    member: MemberRow | undefined;
    policies?: readonly Policy[];
    channel?: Pick<ChannelRow, "is_direct">;
    /** True when an app-wide or channel ban of the actor is in force. */
    banned?: boolean;
  };
  /** The owner of the vote acted on. */
  ownerId?: string;
}

/** What a ban takes away: writing, and changing the channel (reading, leaving and flagging stay). */
const WRITES: ReadonlySet<Action> = new Set([
  "UpdateChannel",
  "UpdateChannelMembers",
  "CreateMessage",
  "UpdateMessage",
  "CreateReaction",
  "UploadAttachment",
  "CastPollVote",
  "SuggestPollOption",
  "CreatePoll",
  "AttachPoll",
  "SendTypingEvents",
]);

export function rolesOf(
  actor: Actor,
  member: Pick<MemberRow, "role"> | undefined,
  isDirect: boolean,
): string[] {
  const roles: string[] = [actor.role ?? "user"];
  if (member) {
    roles.push(member.role);
    if (isDirect) roles.push("direct_member");
  }
  return roles;
}

export function can(action: Action, ctx: AccessContext | PollAccessContext): boolean {
  if ("scope" in ctx) return canPoll(action, ctx);
  const { actor, member, channel } = ctx;
  if (actor.server) return true;
  if (ctx.banned && WRITES.has(action)) return false;
  if (action === "JoinChannel" && member) return false;
  return allowed(ctx.policies, {
    resource: action,
    roles: rolesOf(actor, member, channel.is_direct),
    isOwner: ctx.ownerId !== undefined && ctx.ownerId === actor.userId,
  });
}

/**
 * What the actor may do in this channel, for clients to offer only what would be allowed:
 * `any` — on anything; `own` — only on what the actor owns (their messages, polls, votes).
 */
export function channelCapabilities(ctx: AccessContext): ChannelCapabilities {
  const { actor, member, channel, banned } = ctx;
  // Everything `can` looks at besides the action: the same for every channel of a type that
  // the actor holds the same way, so a list of channels decides it once (docs/performance.md, P5).
  const kind = `${actor.server ? 1 : 0}|${actor.role ?? "user"}|${member ? member.role : "-"}|${channel.is_direct ? 1 : 0}|${banned ? 1 : 0}`;
  let byKind = capabilitiesByPolicies.get(ctx.policies);
  if (!byKind) {
    byKind = new Map();
    capabilitiesByPolicies.set(ctx.policies, byKind);
  }
  let capabilities = byKind.get(kind);
  if (!capabilities) {
    capabilities = decideCapabilities(ctx);
    byKind.set(kind, capabilities);
  }
  return capabilities;
}

/** Per policy list (a type's, replaced when the type is re-read), the capabilities by kind of actor. */
const capabilitiesByPolicies = new WeakMap<readonly Policy[], Map<string, ChannelCapabilities>>();

function decideCapabilities(ctx: AccessContext): ChannelCapabilities {
  const any: Action[] = [];
  const own: Action[] = [];
  for (const action of POLICY_RESOURCES) {
    if (can(action, { ...ctx, ownerId: undefined })) any.push(action);
    else if (can(action, { ...ctx, ownerId: ctx.actor.userId })) own.push(action);
  }
  return Object.freeze({ any: Object.freeze(any), own: Object.freeze(own) }) as ChannelCapabilities;
}

/** The channel roles a member can hold. */
export const CHANNEL_ROLES = ["owner", "channel_moderator", "channel_member"] as const;
export const APP_ROLES = ["user", "moderator", "admin"] as const;

/**
 * Whether a member holding `role` may read a channel governed by `policies`. Reading depends on
 * nothing else (a ban takes writing, not reading), so it is decided per kind of membership.
 */
export function memberMayRead(
  actor: Actor,
  policies: readonly Policy[],
  role: string,
  isDirect: boolean,
): boolean {
  if (actor.server) return true;
  return allowed(policies, {
    resource: "ReadChannel",
    roles: rolesOf(actor, { role }, isDirect),
    isOwner: false,
  });
}

/**
 * Whether channels governed by `policies` are open: any signed-in user may join them, so they are
 * listed to non-members (the admins' grace to join anything does not make a channel open).
 */
export function openToJoin(actor: Actor, policies: readonly Policy[]): boolean {
  const mayJoin = (roles: string[]) => allowed(policies, { resource: "JoinChannel", roles, isOwner: false });
  return mayJoin(["user"]) && (actor.server || mayJoin(rolesOf(actor, undefined, false)));
}

/**
 * Polls: anyone creates and queries; before it is posted only its creator sees and posts a
 * poll; once posted, its channel type's policies decide, with the poll's creator as the owner
 * of the poll, and suggesting options also needs the poll to allow it (or UpdatePoll).
 */
function canPoll(action: Action, ctx: PollAccessContext): boolean {
  const { actor, poll, home } = ctx;
  const withRole: Actor = { ...actor, role: (ctx.actorRole as Actor["role"]) ?? actor.role };
  if (actor.server || action === "CreatePoll" || action === "QueryPolls") return true;
  if (!poll) return false;
  const creator = poll.created_by_id === actor.userId;
  if (action === "AttachPoll") return creator;
  if (!home?.policies) return creator || ctx.actorRole === "admin";
  if (home.banned && WRITES.has(action)) return false;
  const ask = (resource: Action, ownerId: string | undefined) =>
    allowed(home.policies!, {
      resource,
      roles: rolesOf(withRole, home.member, home.channel?.is_direct ?? false),
      isOwner: ownerId === actor.userId,
    });
  switch (action) {
    case "ReadPoll":
      return ask("ReadPoll", undefined) || ask("ReadChannel", undefined);
    case "UpdatePoll":
      return ask("UpdatePoll", poll.created_by_id);
    case "SuggestPollOption":
      return (
        ask("UpdatePoll", poll.created_by_id) ||
        (poll.allow_user_suggested_options && ask("CastPollVote", undefined))
      );
    case "CastPollVote":
      return ask("CastPollVote", undefined);
    case "RemovePollVote":
      return ask("RemovePollVote", ctx.ownerId);
    default:
      return false;
  }
}

const denial: Partial<Record<Action, string>> = {
  ReadChannel: "you are not a member of this channel",
  UpdateMessage: "you can only edit your own messages",
  DeleteMessage: "you can only delete your own messages",
  DeleteChannel: "only the channel's owner or a moderator can delete it",
  TruncateChannel: "only the channel's owner or a moderator can truncate it",
  JoinChannel: "this channel is for members only",
  PinMessage: "only the channel's owner or a moderator can pin messages here",
  BanChannelMember: "only the channel's owner or a moderator can ban here",
  ReadPoll: "only its creator sees a poll before it is posted, and then only who can read its channel",
  UpdatePoll: "only the poll's creator, a channel moderator or an admin can change this poll",
  AttachPoll: "only the poll's creator can post it",
  SuggestPollOption: "this poll does not take suggested options",
  CastPollVote: "only members of the poll's channel can vote",
  RemovePollVote: "you can only remove your own vote",
};

export function ensure(action: Action, ctx: AccessContext | PollAccessContext): void {
  if (can(action, ctx)) return;
  if (!("scope" in ctx) && ctx.banned && WRITES.has(action))
    throw forbidden("you are banned from this channel");
  throw forbidden(denial[action] ?? "you are not allowed to do this in this channel");
}

/** App-wide actions, outside any channel. */
export type AppAction = AppCapability;

const appRoles: Record<AppAction, readonly string[]> = {
  ReviewFlags: ["moderator", "admin"],
  BanUser: ["moderator", "admin"],
  ManageChannelTypes: ["admin"],
  SetRole: ["admin"],
  ManageAccounts: ["admin"],
};

/** The app-wide actions the actor may take (for clients: the moderation screen, bans…). */
export function appCapabilities(actor: Actor): AppCapability[] {
  return (Object.keys(appRoles) as AppAction[]).filter((a) => canApp(a, actor));
}

const CHANNEL_RANK: Record<string, number> = { channel_member: 0, channel_moderator: 1, owner: 2 };

/**
 * Removing someone else from a channel: nobody removes a member who outranks them there (a
 * member cannot remove a moderator, nobody the owner) but an admin; leaving is always allowed.
 */
export function ensureRemovable(ctx: AccessContext, target: Pick<MemberRow, "role" | "user_id">): void {
  const { actor, member } = ctx;
  if (actor.server || actor.role === "admin" || target.user_id === actor.userId) return;
  const mine = CHANNEL_RANK[member?.role ?? "channel_member"] ?? 0;
  if ((CHANNEL_RANK[target.role] ?? 0) <= mine) return;
  throw forbidden(
    target.role === "owner"
      ? "only an admin can remove the channel's owner"
      : "only the channel's owner or an admin can remove a channel moderator",
  );
}

/** Some users cannot be banned by anyone (admins). */
export function ensureBannable(target: { role: string }): void {
  if ((UNBANNABLE_ROLES as readonly string[]).includes(target.role)) {
    throw new DomainError(ErrorCode.forbidden, `${target.role}s cannot be banned`);
  }
}

export function canApp(action: AppAction, actor: Actor): boolean {
  return actor.server || appRoles[action].includes(actor.role ?? "user");
}

/** Who may make an invite link: admins, and every member while the settings let members invite. */
export function ensureCanInvite(actor: Actor, membersCanInvite: boolean): void {
  if (membersCanInvite || canApp("ManageAccounts", actor)) return;
  throw forbidden("only admins can create invites here");
}

export async function ensureApp(action: AppAction, actor: Actor, message?: string): Promise<void> {
  if (!canApp(action, actor)) {
    throw forbidden(message ?? `only ${appRoles[action].join(" or ")}s can do this`);
  }
}
