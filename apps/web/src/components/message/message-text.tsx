import { lazy, Suspense } from "react";
import { splitMentions } from "../../chat/mentions";
import type { MarkdownTextProps } from "./markdown-text";

const loadMarkdown = () => import("./markdown-text");
const MarkdownText = lazy(loadMarkdown);

/** Starts loading the markdown renderer early (the chat shell calls it once mounted). */
export function preloadMarkdown(): void {
  loadMarkdown().catch(() => {});
}

/** Plain text with highlighted mentions: shown until the markdown renderer has loaded. */
function PlainText({ text, mentions, userId, names }: MarkdownTextProps) {
  return (
    <div className="markdown markdown--plain">
      <p>
        {splitMentions(text, mentions).map((part, i) =>
          part.kind === "text" ? (
            part.text
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable string
            <span key={i} className={part.userId === userId ? "mention mention--me" : "mention"}>
              @{names[part.userId] ?? part.userId}
            </span>
          ),
        )}
      </p>
    </div>
  );
}

/** A message's text: markdown, with plain text while the renderer loads. */
export function MessageText(props: MarkdownTextProps) {
  return (
    <Suspense fallback={<PlainText {...props} />}>
      <MarkdownText {...props} />
    </Suspense>
  );
}
