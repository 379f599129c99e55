import type { ChatClient } from "@parley/client";
import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";
import { channelDisplay } from "../chat/channel-display";
import { relativeTime } from "../chat/relative-time";
import { Avatar } from "../components/avatar";
import { prefixRanges, snippet } from "./highlight-ranges";
import { HighlightedText } from "./highlighted-text";

export function UserRow({ user, query }: { user: UserResponse; query: string }) {
  return (
    <>
      <Avatar name={user.name} image={user.image} colourKey={user.id} size="sm" />
      <span className="search-row__main">
        <span className="search-row__title">
          <HighlightedText text={user.name} ranges={prefixRanges(user.name, query)} />
        </span>
        <span className="search-row__meta">
          @<HighlightedText text={user.id} ranges={prefixRanges(user.id, query)} />
        </span>
      </span>
    </>
  );
}

/** A channel's name: its own, or for a direct conversation the client holds, its members'. */
export function channelName(client: ChatClient, channel: ChannelResponse): string {
  if (channel.name && !channel.is_direct) return channel.name;
  const held = client.activeChannels.get(channel.cid);
  if (held) return channelDisplay(held.state, client.userID, channel.cid).name;
  return channel.name || "Direct message";
}

export function ChannelRow({
  client,
  channel,
  query,
}: {
  client: ChatClient;
  channel: ChannelResponse;
  query: string;
}) {
  const name = channelName(client, channel);
  const members = `${channel.member_count} ${channel.member_count === 1 ? "member" : "members"}`;
  return (
    <>
      <Avatar name={name} image={channel.image} colourKey={channel.cid} size="sm" />
      <span className="search-row__main">
        <span className="search-row__title">
          <HighlightedText text={name} ranges={prefixRanges(name, query)} />
        </span>
        <span className="search-row__meta">{channel.is_direct ? "Direct message" : members}</span>
      </span>
    </>
  );
}

export function MessageRow({ result }: { result: MessageSearchResult }) {
  const { message, channel } = result;
  const shown = snippet(message.text, result.highlight);
  const where = channel.name || (channel.is_direct ? "Direct message" : channel.id);
  return (
    <>
      <Avatar name={message.user.name} image={message.user.image} colourKey={message.user.id} size="sm" />
      <span className="search-row__main">
        <span className="search-row__meta">
          <span className="search-row__author">{message.user.name}</span>
          {" in "}
          <span className="search-row__where">{where}</span>
          {" · "}
          <time dateTime={message.created_at} title={new Date(message.created_at).toLocaleString()}>
            {relativeTime(message.created_at)}
          </time>
        </span>
        <span className="search-row__text">
          <HighlightedText text={shown.text} ranges={shown.ranges} />
        </span>
      </span>
    </>
  );
}
