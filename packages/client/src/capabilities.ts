import type { ChannelCapabilities, PolicyResource } from "@parley/protocol";

/**
 * Whether `capabilities` (a channel's `own_capabilities`) allow `action`: on anything, or — when
 * the user owns what is acted on — on what they own.
 */
export function allows(
  capabilities: ChannelCapabilities | undefined,
  action: PolicyResource,
  owned: boolean,
): boolean {
  if (!capabilities) return false;
  return capabilities.any.includes(action) || (owned && capabilities.own.includes(action));
}
