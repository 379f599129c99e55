/**
 * Message text as markdown (react-markdown + GFM): bold, italic, code, code blocks, links, lists,
 * quotes. No raw HTML; only http(s) and mailto links are clickable and they open in a new tab;
 * images are not loaded (their alt text shows). `@id` mentions of members are highlighted. A line
 * break is a break, as typed (remark-breaks), not the space CommonMark makes of it. Search results
 * pass the server's match ranges to be marked. Everywhere a message is shown renders it here.
 * Loaded lazily: the chat opens with plain text and swaps this in.
 */

import type { HighlightRange } from "@parley/protocol";
import type { ReactElement, ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { splitMentions } from "../../chat/mentions";
import { remarkHighlight } from "./remark-highlight";

export interface MarkdownTextProps {
  text: string;
  /** Ids mentioned in the message, highlighted where `@id` appears. */
  mentions: readonly string[];
  /** The current user's id (their own mention is stronger). */
  userId: string | undefined;
  /** Display names of mentioned users. */
  names: Readonly<Record<string, string>>;
  /** Matches to mark (search results): offsets into `text`. */
  highlight?: readonly HighlightRange[];
}

const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * Text no markdown or GFM rule can change: starts with a letter or emoji (no list, quote, heading
 * or code indent), one line, none of the characters markup, entities, links or mentions need, no
 * `www.` autolink. Rendered as the parser would, without running it.
 */
const PLAIN = /^[\p{L}\p{Extended_Pictographic}][^\n\r*_`~[\]()<>#|!\\&:@=]*$/u;

export const isPlainText = (text: string): boolean => PLAIN.test(text) && !/www\./i.test(text);

/**
 * Rendered messages by text and mentions: switching channels remounts the list, and parsing every
 * message again made markdown a large part of a switch. Bounded, oldest dropped first.
 */
const rendered = new Map<string, ReactElement>();
const RENDERED_MAX = 2000;

function renderKey({ text, mentions, userId, names, highlight = [] }: MarkdownTextProps): string {
  const marks = highlight.map((r) => `${r.start}-${r.end}`).join(",");
  return [text, userId ?? "", marks, ...mentions.map((id) => `${id}=${names[id] ?? ""}`)].join("\u0000");
}

function withMentions(children: ReactNode, props: MarkdownTextProps): ReactNode {
  if (typeof children === "string") {
    const parts = splitMentions(children, props.mentions);
    if (parts.length === 1 && parts[0]?.kind === "text") return children;
    return parts.map((part, i) =>
      part.kind === "text" ? (
        part.text
      ) : (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable string
          key={i}
          className={part.userId === props.userId ? "mention mention--me" : "mention"}
          title={props.names[part.userId] ?? part.userId}
        >
          @{props.names[part.userId] ?? part.userId}
        </span>
      ),
    );
  }
  if (Array.isArray(children)) return children.map((child) => withMentions(child, props));
  return children;
}

export default function MarkdownText(props: MarkdownTextProps) {
  const key = renderKey(props);
  let element = rendered.get(key);
  if (!element) {
    element =
      isPlainText(props.text) && !props.highlight?.length ? (
        <div className="markdown">
          <p>{props.text.trimEnd()}</p>
        </div>
      ) : (
        renderMarkdown(props)
      );
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
    rendered.set(key, element);
  }
  return element;
}

function renderMarkdown(props: MarkdownTextProps): ReactElement {
  const mention = (children: ReactNode) => withMentions(children, props);
  const components: Components = {
    a: ({ href, children }) =>
      href && SAFE_LINK.test(href) ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <span className="link-disabled">{children}</span>
      ),
    img: ({ alt }) => <span className="muted">{alt ? `[image: ${alt}]` : "[image]"}</span>,
    p: ({ children }) => <p>{mention(children)}</p>,
    li: ({ children }) => <li>{mention(children)}</li>,
    strong: ({ children }) => <strong>{mention(children)}</strong>,
    em: ({ children }) => <em>{mention(children)}</em>,
    h1: ({ children }) => <p className="md-heading">{mention(children)}</p>,
    h2: ({ children }) => <p className="md-heading">{mention(children)}</p>,
    h3: ({ children }) => <p className="md-heading">{mention(children)}</p>,
    h4: ({ children }) => <p className="md-heading">{mention(children)}</p>,
    h5: ({ children }) => <p className="md-heading">{mention(children)}</p>,
    h6: ({ children }) => <p className="md-heading">{mention(children)}</p>,
    td: ({ children }) => <td>{mention(children)}</td>,
    mark: ({ children }) => <mark className="search-mark">{mention(children)}</mark>,
  };
  const ranges = [...(props.highlight ?? [])].sort((a, b) => a.start - b.start);
  // Marks first: line breaks make text nodes that no longer know where they were written.
  const remarkPlugins = [remarkGfm, remarkHighlight(ranges), remarkBreaks];
  return (
    <div className="markdown">
      {/* Called, not mounted: a pure function, so the parsed tree itself is what gets cached. */}
      {Markdown({ remarkPlugins, skipHtml: true, components, children: props.text })}
    </div>
  );
}
