import { plainText } from "@parley/protocol";
import type { DigestEntry, DigestMail } from "../../domain/notifications/email-ports.js";
import { escapeHtml, htmlDocument, mailTime } from "./mail-html.js";
import type { RenderedMail } from "./rendered-mail.js";

/** A message's text is shown up to this many characters; the link opens the rest. */
const TEXT_SHOWN = 1000;

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").trim();
const shortened = (markdown: string) => {
  const text = plainText(markdown, { keepLines: true });
  return text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN)}…` : text;
};
const where = (e: DigestEntry) => (e.direct ? "Direct message" : `#${e.channelName}`);

function subjectOf(mail: DigestMail): string {
  const total = mail.entries.length + mail.more;
  const [only] = mail.entries;
  if (total === 1 && only) {
    const sender = oneLine(only.sender);
    return only.direct
      ? `${sender} sent you a direct message on Parley`
      : `${sender} mentioned you in #${oneLine(only.channelName)}`;
  }
  return `${total} messages you missed on Parley`;
}

function entryText(e: DigestEntry): string {
  const why = e.mention ? " (mentioned you)" : "";
  const body = shortened(e.text)
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
  return `${where(e)} · ${oneLine(e.sender)} · ${mailTime(e.createdAt)}${why}\n${body}\n  Open: ${e.link}`;
}

function entryHtml(e: DigestEntry): string {
  const why = e.mention ? ` · <span style="color:#9a6700;">mentioned you</span>` : "";
  return `<div style="border-top:1px solid #d8dee4;padding:12px 0;">
<div style="font-size:13px;color:#59636e;"><strong style="color:#1f2328;">${escapeHtml(where(e))}</strong> · ${escapeHtml(e.sender)} · ${escapeHtml(mailTime(e.createdAt))}${why}</div>
<div style="white-space:pre-wrap;margin:6px 0;">${escapeHtml(shortened(e.text))}</div>
<a href="${escapeHtml(e.link)}" style="font-size:14px;color:#0969da;">Open in Parley</a>
</div>`;
}

/**
 * The digest: every message with its channel, sender, time and text (plain text in both bodies),
 * a link to each, and the unsubscribe link in the body and in `List-Unsubscribe` (RFC 2369,
 * one-click per RFC 8058).
 */
export function renderDigest(mail: DigestMail): RenderedMail {
  const subject = subjectOf(mail);
  const intro = "Here is what was addressed to you on Parley while you were away, still unread:";
  const more = mail.more > 0 ? `…and ${mail.more} more. Open Parley to see them all.` : "";
  const footer = "You get these emails because email digests are on for your Parley account.";
  const text = [
    intro,
    "",
    ...mail.entries.map(entryText).join("\n\n").split("\n"),
    ...(more ? ["", more] : []),
    "",
    "--",
    footer,
    `Unsubscribe: ${mail.unsubscribeLink}`,
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>`,
      ...mail.entries.map(entryHtml),
      more ? `<p style="border-top:1px solid #d8dee4;padding-top:12px;">${escapeHtml(more)}</p>` : "",
      `<p style="color:#59636e;font-size:13px;margin-top:24px;">${escapeHtml(footer)} <a href="${escapeHtml(mail.unsubscribeLink)}" style="color:#59636e;">Unsubscribe</a></p>`,
    ].join("\n"),
  );
  return {
    subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${mail.oneClickLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
