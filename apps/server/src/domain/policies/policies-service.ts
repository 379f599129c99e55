import type { ChannelConfig, ChannelTypeSettingsBody, PolicyBody } from "@parley/protocol";
import { ensureApp } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import type { Policy } from "./policy.js";

/** The admin API over a channel type: its policies and its settings. */
export class PoliciesService {
  constructor(private readonly types: ChannelTypes) {}

  async get(actor: Actor, type: string): Promise<Policy[]> {
    await ensureApp("ManageChannelTypes", actor);
    return (await this.types.describe(type)).policies;
  }

  /** Replaces the policies (null restores the defaults); open sockets are re-checked at once. */
  async replace(actor: Actor, type: string, policies: PolicyBody[] | null): Promise<Policy[]> {
    await ensureApp("ManageChannelTypes", actor);
    return this.types.setPolicies(type, policies);
  }

  async settings(actor: Actor, type: string): Promise<{ name: string; config: ChannelConfig }> {
    await ensureApp("ManageChannelTypes", actor);
    const { name, config } = await this.types.describe(type);
    return { name, config };
  }

  /** Changes some settings; every node applies them within half a second. */
  async updateSettings(
    actor: Actor,
    type: string,
    body: ChannelTypeSettingsBody,
  ): Promise<{ name: string; config: ChannelConfig }> {
    await ensureApp("ManageChannelTypes", actor);
    return { name: type, config: await this.types.updateConfig(type, body.set) };
  }
}
