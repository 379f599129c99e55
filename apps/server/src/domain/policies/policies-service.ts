import type { PolicyBody } from "@parley/protocol";
import { ensureApp } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import type { EventPort } from "../events.js";
import type { Policy } from "./policy.js";

/** The admin API over a channel type's policies. */
export class PoliciesService {
  constructor(
    private readonly types: ChannelTypes,
    private readonly events: EventPort,
  ) {}

  async get(actor: Actor, type: string): Promise<Policy[]> {
    await ensureApp("ManagePolicies", actor);
    return this.types.policies(type);
  }

  /** Replaces the policies (null restores the defaults); open sockets are re-checked at once. */
  async replace(actor: Actor, type: string, policies: PolicyBody[] | null): Promise<Policy[]> {
    await ensureApp("ManagePolicies", actor);
    const saved = await this.types.setPolicies(type, policies);
    this.events.publish({ kind: "access-type", type });
    return saved;
  }
}
