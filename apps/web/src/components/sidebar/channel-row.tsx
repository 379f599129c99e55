import type { Channel } from "@parley/client";
import { stillMuted } from "@parley/protocol";
import { NavLink } from "react-router";
import { channelDisplay, lastMessage, previewText } from "../../chat/channel-display";
import { channelPath } from "../../chat/channel-route";
import { useClientState } from "../../chat/client-context";
import { draftKey, loadDraft } from "../../chat/draft-storage";
import { fullDate, relativeTime } from "../../chat/relative-time";
import { badgeText } from "../../chat/tab-title";
import { useChannelState } from "../../chat/use-snapshot";
import { Avatar } from "../avatar";
import { ChannelKindIcon, channelKind, channelKindLabel } from "./channel-kind";
import { ChannelRowMenu } from "./channel-row-menu";
import { DmAvatar, DmStatus } from "./dm-avatar";
import { SidebarIcon } from "./sidebar-icons";

/**
 * One chat in the list: avatar, kind (# team, lock members-only), name, last message, time,
 * draft and muted markers, unread and mention badges, and its menu. The list re-renders rows
 * when the route changes, which is when a draft left behind is read again.
 */
export function ChannelRow({ channel, now, active }: { channel: Channel; now: Date; active: boolean }) {
  const state = useChannelState(channel);
  const { userID } = useClientState();
  const display = channelDisplay(state, userID, channel.cid);
  const kind = channelKind(state);
  const last = lastMessage(state);
  const at = state.lastMessageAt ?? state.channel?.created_at ?? null;
  const unread = state.unreadCount;
  const mentions = userID ? (state.read[userID]?.unread_mentions ?? 0) : 0;
  const m = state.membership;
  // A timed mute ends by itself: `now` re-renders the row when it does.
  const muted = m ? stillMuted(m.muted, m.muted_until ?? null, now) : false;
  // The open channel's composer shows its draft itself.
  const draft = !active && userID ? loadDraft(draftKey(userID, channel.cid)).trim() !== "" : false;
  const classes = [
    "channel-row",
    unread > 0 && !muted ? "channel-row--unread" : "",
    muted ? "channel-row--muted" : "",
    active ? "channel-row--active" : "",
  ];
  return (
    <li className="channel-row-item">
      <NavLink
        to={channelPath(channel.cid)}
        className={classes.filter(Boolean).join(" ")}
        data-testid="channel-row"
        data-cid={channel.cid}
        data-kind={kind}
      >
        {kind === "direct" ? (
          <DmAvatar display={display} state={state} />
        ) : (
          <Avatar name={display.name} image={display.image} colourKey={display.colourKey} />
        )}
        <span className="channel-row__main">
          <span className="channel-row__top">
            <ChannelKindIcon kind={kind} />
            <span className="channel-row__name">{display.name}</span>
            {kind === "direct" && <DmStatus state={state} />}
            {at && (
              <time className="channel-row__time" dateTime={at} title={fullDate(at)}>
                {relativeTime(at, now)}
              </time>
            )}
          </span>
          <span className="channel-row__bottom">
            {draft && (
              <span className="channel-row__marker" data-testid="draft-marker" title="Draft">
                <SidebarIcon name="pencil" size={14} />
                <span className="visually-hidden">Draft: </span>
              </span>
            )}
            <span className="channel-row__preview">
              {previewText(last, userID, display.direct, (id) => state.members[id]?.user.name)}
            </span>
            {muted && (
              <span className="channel-row__marker" data-testid="muted-marker" title="Muted">
                <SidebarIcon name="muted" size={14} />
              </span>
            )}
            {mentions > 0 && (
              <span className="badge badge--mention" data-testid="mention-badge">
                @<span className="visually-hidden"> {mentions} mentions</span>
              </span>
            )}
            {unread > 0 && (
              <span className={muted ? "badge badge--muted" : "badge"} data-testid="unread-badge">
                {badgeText(unread)}
                <span className="visually-hidden"> unread</span>
              </span>
            )}
            <span className="visually-hidden">
              , {channelKindLabel(kind)}
              {muted ? ", muted" : ""}
            </span>
          </span>
        </span>
      </NavLink>
      <ChannelRowMenu channel={channel} name={display.name} />
    </li>
  );
}
