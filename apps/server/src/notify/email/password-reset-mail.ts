import type { PasswordResetMail } from "../../domain/notifications/email-ports.js";
import { escapeHtml, htmlButton, htmlDocument } from "./mail-html.js";
import type { RenderedMail } from "./rendered-mail.js";

const SUBJECT = "Reset your Parley password";

/** The email with a link that sets a new password (asked for from the sign-in page). */
export function renderPasswordReset(mail: PasswordResetMail): RenderedMail {
  const text = [
    "Someone (probably you) asked to reset the password of your Parley account.",
    "",
    "Choose a new password by opening this link within an hour (it works once):",
    mail.link,
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ].join("\n");
  const html = htmlDocument(
    SUBJECT,
    [
      `<h1 style="font-size:20px;margin:0 0 16px;">Reset your password</h1>`,
      `<p>Someone (probably you) asked to reset the password of your Parley account.</p>`,
      `<p style="margin:24px 0;">${htmlButton(mail.link, "Choose a new password")}</p>`,
      `<p style="color:#59636e;font-size:14px;">The link works once, for an hour: <a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`,
      `<p style="color:#59636e;font-size:14px;">If you did not ask for this, ignore this email: your password stays as it is.</p>`,
    ].join("\n"),
  );
  return { subject: SUBJECT, text, html, headers: {} };
}
