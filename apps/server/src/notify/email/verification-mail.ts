import type { VerificationMail } from "../../domain/notifications/email-ports.js";
import { escapeHtml, htmlButton, htmlDocument } from "./mail-html.js";
import type { RenderedMail } from "./rendered-mail.js";

const SUBJECT = "Confirm your email address for Parley";

/** The email with the link that confirms an address for digests. */
export function renderVerification(mail: VerificationMail): RenderedMail {
  const text = [
    "Someone (probably you) asked Parley to email this address about mentions and direct messages they miss.",
    "",
    "Confirm the address by opening this link within 24 hours:",
    mail.link,
    "",
    "If you did not ask for this, ignore this email: nothing will be sent to you.",
  ].join("\n");
  const html = htmlDocument(
    SUBJECT,
    [
      `<h1 style="font-size:20px;margin:0 0 16px;">Confirm your email address</h1>`,
      `<p>Someone (probably you) asked Parley to email this address about mentions and direct messages they miss.</p>`,
      `<p style="margin:24px 0;">${htmlButton(mail.link, "Confirm this address")}</p>`,
      `<p style="color:#59636e;font-size:14px;">The link works for 24 hours: <a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`,
      `<p style="color:#59636e;font-size:14px;">If you did not ask for this, ignore this email: nothing will be sent to you.</p>`,
    ].join("\n"),
  );
  return { subject: SUBJECT, text, html, headers: {} };
}
