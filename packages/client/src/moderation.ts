/**
 * Moderation and administration (docs/api.md "Moderation…"): flags and their review, bans, user
 * mutes, app roles, and the settings and policies of channel types. `client.moderation` is the
 * client's; the server decides who may make each call.
 */
import type { CallAnswer, CallBody } from "./api-types.js";
import type { RequestOptions, RestClient } from "./rest.js";

/** A flag as the flag queue answers it: with the flagger and the flagged message. */
export type FlagView = CallAnswer<"queryFlags">["flags"][number];

export class Moderation {
  readonly #rest: Pick<RestClient, "call">;

  constructor(rest: Pick<RestClient, "call">) {
    this.#rest = rest;
  }

  /** Flags a message for review (a reason is optional). */
  flagMessage(messageId: string, reason?: string, options?: RequestOptions) {
    const body = reason ? { reason } : {};
    return this.#rest.call("flagMessage", { params: { id: messageId }, body }, options);
  }

  /** The flag queue (moderators, admins). */
  queryFlags(body: CallBody<"queryFlags">, options?: RequestOptions) {
    return this.#rest.call("queryFlags", { body }, options);
  }

  /** The spec's update_flags: marks the messages' flags reviewed by `reviewed_by` and applies the result. */
  reviewFlags(body: CallBody<"updateFlags">, options?: RequestOptions) {
    return this.#rest.call("updateFlags", { body }, options);
  }

  /** Deletes a message (a moderator deleting someone else's; a held channel's own method keeps its state). */
  deleteMessage(messageId: string, options?: RequestOptions) {
    return this.#rest.call("deleteMessage", { params: { id: messageId } }, options);
  }

  banUser(body: CallBody<"banUser">, options?: RequestOptions) {
    return this.#rest.call("banUser", { body }, options);
  }

  unbanUser(body: CallBody<"unbanUser">, options?: RequestOptions) {
    return this.#rest.call("unbanUser", { body }, options);
  }

  /** The bans in force in channel `cid`, or app-wide without one. */
  queryBans(cid?: string, options?: RequestOptions) {
    return this.#rest.call("queryBans", { query: cid ? { cid } : {} }, options);
  }

  /** Mutes (or, with `muted: false`, unmutes) a user for the caller; answers the caller's mutes. */
  muteUser(targetId: string, muted = true, options?: RequestOptions) {
    return this.#rest.call(muted ? "muteUser" : "unmuteUser", { body: { target_id: targetId } }, options);
  }

  /** Sets a user's app role (admins). */
  setRole(userId: string, role: CallBody<"setRole">["role"], options?: RequestOptions) {
    return this.#rest.call("setRole", { params: { id: userId }, body: { role } }, options);
  }

  /** A channel type's settings (admins). */
  getChannelType(name: string, options?: RequestOptions) {
    return this.#rest.call("getChannelType", { params: { name } }, options);
  }

  /** Changes some of a channel type's settings (admins). */
  updateChannelType(name: string, set: CallBody<"updateChannelType">["set"], options?: RequestOptions) {
    return this.#rest.call("updateChannelType", { params: { name }, body: { set } }, options);
  }

  /** A channel type's policies, in evaluation order (admins). */
  getPolicies(name: string, options?: RequestOptions) {
    return this.#rest.call("getPolicies", { params: { name } }, options);
  }

  /** Replaces a channel type's policies; `null` restores the defaults (admins). */
  replacePolicies(name: string, policies: CallBody<"replacePolicies">["policies"], options?: RequestOptions) {
    return this.#rest.call("replacePolicies", { params: { name }, body: { policies } }, options);
  }
}
