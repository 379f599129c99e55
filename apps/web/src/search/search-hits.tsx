import type { ChatClient } from "@parley/client";
import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";
import { type MouseEvent, type PointerEvent, type ReactNode, useId, useRef } from "react";
import { channelDisplay } from "../chat/channel-display";
import { fullDate, relativeTime } from "../chat/relative-time";
import { Avatar } from "../components/avatar";
import { MessageText } from "../components/message/message-text";
import { prefixRanges } from "./highlight-ranges";
import { HighlightedText } from "./highlighted-text";

export interface HitProps {
  /** 0 for the row the keyboard is on (roving focus), -1 for the others. */
  tabIndex: number;
  onOpen: () => void;
  onFocus: () => void;
}

/**
 * One result: a focusable row; a click (but on a link inside it) or Enter opens it. A message's
 * text swaps its plain first render for markdown once the renderer loaded; a press on the text
 * that swap replaced gets no click, so the press's release opens the row then.
 */
function HitFrame({
  kind,
  label,
  avatar,
  children,
  ...props
}: HitProps & {
  kind: string;
  label: ReactNode;
  avatar: ReactNode;
  children?: ReactNode;
}) {
  const labelId = useId();
  const pressed = useRef<Element | null>(null);
  const opened = useRef(false);
  const onClick = (event: MouseEvent) => {
    if (opened.current || (event.target as Element).closest("a")) return;
    // Selecting text in a result is not opening it.
    if (window.getSelection()?.isCollapsed === false) return;
    props.onOpen();
  };
  const onPointerUp = (event: PointerEvent) => {
    const down = pressed.current;
    pressed.current = null;
    if (!down || down.isConnected || event.button !== 0 || (event.target as Element).closest("a")) return;
    opened.current = true;
    props.onOpen();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list handles Enter and the arrows (use-result-keys.ts)
    <article
      className="search-hit"
      data-search-row=""
      data-testid={`search-result-${kind}`}
      tabIndex={props.tabIndex}
      aria-labelledby={labelId}
      onClick={onClick}
      onPointerDown={(event) => {
        pressed.current = event.target as Element;
        opened.current = false;
      }}
      onPointerUp={onPointerUp}
      onFocus={(event) => event.target === event.currentTarget && props.onFocus()}
    >
      {avatar}
      <div className="search-hit__main">
        <p className="search-hit__label" id={labelId}>
          {label}
        </p>
        {children}
      </div>
    </article>
  );
}

/** A message result's channel: `#name`, or a direct conversation's members as the sidebar names them. */
function whereOf(client: ChatClient, channel: MessageSearchResult["channel"]): string {
  if (!channel.is_direct) return `#${channel.name || channel.id}`;
  const held = client.activeChannels.get(channel.cid);
  if (held?.state.channel) return channelDisplay(held.state, client.userID, channel.cid).name;
  return channel.name || "Direct message";
}

export function MessageHit(props: HitProps & { client: ChatClient; result: MessageSearchResult; now: Date }) {
  const { client, result, now, ...hit } = props;
  const { message } = result;
  const label = (
    <>
      <span className="search-hit__author">{message.user.name}</span>
      <span className="search-hit__sep"> in </span>
      <span className="search-hit__where">{whereOf(client, result.channel)}</span>
      <span className="search-hit__sep"> · </span>
      <time dateTime={message.created_at} title={fullDate(message.created_at)}>
        {relativeTime(message.created_at, now)}
      </time>
      {message.parent_id && <span className="search-hit__tag">in a thread</span>}
    </>
  );
  const avatar = <Avatar name={message.user.name} image={message.user.image} colourKey={message.user.id} />;
  return (
    <HitFrame {...hit} kind="messages" label={label} avatar={avatar}>
      <div className="search-hit__text">
        <MessageText
          text={message.text}
          mentions={message.mentioned_users.map((u) => u.id)}
          userId={client.userID}
          names={Object.fromEntries(message.mentioned_users.map((u) => [u.id, u.name]))}
          highlight={result.highlight}
        />
      </div>
    </HitFrame>
  );
}

/** A channel's name: its own, or for a direct conversation the client holds, its members'. */
function channelName(client: ChatClient, channel: ChannelResponse): string {
  if (channel.name && !channel.is_direct) return channel.name;
  const held = client.activeChannels.get(channel.cid);
  if (held) return channelDisplay(held.state, client.userID, channel.cid).name;
  return channel.name || "Direct message";
}

export function ChannelHit(
  props: HitProps & { client: ChatClient; channel: ChannelResponse; query: string },
) {
  const { client, channel, query, ...hit } = props;
  const name = channelName(client, channel);
  const members = `${channel.member_count} ${channel.member_count === 1 ? "member" : "members"}`;
  const avatar = <Avatar name={name} image={channel.image} colourKey={channel.cid} />;
  const label = <HighlightedText text={name} ranges={prefixRanges(name, query)} />;
  return (
    <HitFrame {...hit} kind="channels" label={label} avatar={avatar}>
      <p className="search-hit__meta">{channel.is_direct ? "Direct message" : members}</p>
    </HitFrame>
  );
}

export function PersonHit(props: HitProps & { user: UserResponse; query: string }) {
  const { user, query, ...hit } = props;
  const avatar = <Avatar name={user.name} image={user.image} colourKey={user.id} />;
  const label = <HighlightedText text={user.name} ranges={prefixRanges(user.name, query)} />;
  return (
    <HitFrame {...hit} kind="users" label={label} avatar={avatar}>
      <p className="search-hit__meta">
        @<HighlightedText text={user.id} ranges={prefixRanges(user.id, query)} />
      </p>
    </HitFrame>
  );
}
