import type { ChannelStateSnapshot } from "@parley/client";
import { SidebarIcon } from "./sidebar-icons";

export type ChannelKind = "team" | "private" | "direct";

/** Team channels are open to everyone signed in; any other named channel is members-only. */
export function channelKind(state: ChannelStateSnapshot): ChannelKind {
  if (state.channel?.is_direct) return "direct";
  return state.channel?.type === "team" ? "team" : "private";
}

const LABELS: Record<ChannelKind, string> = {
  team: "team channel",
  private: "members-only channel",
  direct: "direct message",
};

/** The mark before a channel's name: # for a team channel, a lock for a members-only one. */
export function ChannelKindIcon({ kind }: { kind: ChannelKind }) {
  if (kind === "direct") return null;
  return (
    <span className="channel-row__kind" data-kind={kind} title={LABELS[kind]}>
      <SidebarIcon name={kind === "team" ? "hash" : "lock"} size={14} />
    </span>
  );
}

export const channelKindLabel = (kind: ChannelKind) => LABELS[kind];
