import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Mailer, MailKind, MailOutcome } from "../../domain/notifications/email-ports.js";
import { renderDigest } from "./digest-mail.js";
import { renderPasswordReset } from "./password-reset-mail.js";
import type { RenderedMail } from "./rendered-mail.js";
import { renderVerification } from "./verification-mail.js";

/** A mail server that does not answer holds nothing up for long. */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export interface MailSenderOptions {
  /** Unset: nothing is ever sent. */
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Told of every send, for the metrics (`parley_email_total{kind,outcome}`). */
  onSent?: ((kind: MailKind, outcome: MailOutcome) => void) | undefined;
}

export interface MailSender extends Mailer {
  close(): void;
}

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  permanent?: boolean;
}

/** The connection or the session failed (down, TLS, credentials): every other email would fail too. */
const SESSION_FAILURES = new Set(["EAUTH", "ENOAUTH", "EOAUTH2", "ETLS", "EREQUIRETLS"]);

export function outcomeOf(err: SmtpError): MailOutcome {
  if (err.code && SESSION_FAILURES.has(err.code)) return "unreachable";
  if (err.responseCode === undefined) return "unreachable";
  // A refused sender is this server's setting, not the recipient's: it refuses everyone.
  if (err.command === "MAIL FROM") return "unreachable";
  return err.permanent ? "rejected" : "deferred";
}

/** Sends through SMTP_URL with nodemailer; failures are logged and answered, never thrown. */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { smtpUrl, from, log, onSent } = options;
  const transport = smtpUrl
    ? createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 2,
        connectionTimeout: CONNECT_TIMEOUT_MS,
        greetingTimeout: CONNECT_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      })
    : undefined;

  async function send(kind: MailKind, to: string, mail: RenderedMail): Promise<MailOutcome> {
    if (!transport) return "unreachable";
    let outcome: MailOutcome = "sent";
    try {
      await transport.sendMail({
        from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { "Auto-Submitted": "auto-generated", ...mail.headers },
      });
    } catch (error) {
      const err = error as Error & SmtpError;
      outcome = outcomeOf(err);
      log.warn(
        { err: err.message, code: err.code, response_code: err.responseCode, kind, outcome },
        `email not sent: ${err.message}`,
      );
    }
    onSent?.(kind, outcome);
    return outcome;
  }

  return {
    available: transport !== undefined,
    sendVerification: (mail) => send("verify", mail.to, renderVerification(mail)),
    sendDigest: (mail) => send("digest", mail.to, renderDigest(mail)),
    sendPasswordReset: (mail) => send("password_reset", mail.to, renderPasswordReset(mail)),
    close: () => transport?.close(),
  };
}
