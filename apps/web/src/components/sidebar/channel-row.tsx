import type { Channel } from "@parley/client";
import { stillMuted } from "@parley/protocol";
import { NavLink } from "react-router";
import { channelDisplay, lastMessage, previewText } from "../../chat/channel-display";
import { channelPath } from "../../chat/channel-route";
import { useClientState } from "../../chat/client-context";
import { fullDate, relativeTime } from "../../chat/relative-time";
import { badgeText } from "../../chat/tab-title";
import { useChannelState } from "../../chat/use-snapshot";
import { Avatar } from "../avatar";

/** One chat in the list: avatar, name, last message, time, unread and mention badges. */
export function ChannelRow({ channel, now }: { channel: Channel; now: Date }) {
  const state = useChannelState(channel);
  const { userID } = useClientState();
  const display = channelDisplay(state, userID, channel.cid);
  const last = lastMessage(state);
  const at = state.lastMessageAt ?? state.channel?.created_at ?? null;
  const unread = state.unreadCount;
  const mentions = userID ? (state.read[userID]?.unread_mentions ?? 0) : 0;
  const m = state.membership;
  // A timed mute ends by itself: `now` re-renders the row when it does.
  const muted = m ? stillMuted(m.muted, m.muted_until ?? null, now) : false;
  const classes = [
    "channel-row",
    unread > 0 && !muted ? "channel-row--unread" : "",
    muted ? "channel-row--muted" : "",
  ];
  return (
    <li>
      <NavLink
        to={channelPath(channel.cid)}
        className={({ isActive }) =>
          [...classes, isActive ? "channel-row--active" : ""].filter(Boolean).join(" ")
        }
        data-testid="channel-row"
        data-cid={channel.cid}
      >
        <Avatar name={display.name} image={display.image} colourKey={display.colourKey} />
        <span className="channel-row__main">
          <span className="channel-row__top">
            <span className="channel-row__name">{display.name}</span>
            {at && (
              <time className="channel-row__time" dateTime={at} title={fullDate(at)}>
                {relativeTime(at, now)}
              </time>
            )}
          </span>
          <span className="channel-row__bottom">
            <span className="channel-row__preview">
              {previewText(last, userID, display.direct, (id) => state.members[id]?.user.name)}
            </span>
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
            {muted && <span className="visually-hidden">, muted</span>}
          </span>
        </span>
      </NavLink>
    </li>
  );
}
