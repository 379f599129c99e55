/** What the email domain asks of the mail transport (notify/email), and what it hands it. */

/**
 * How a send ended: `sent`; `rejected` — the server refused this message for good (5xx), it is
 * not retried; `deferred` — refused for now (4xx), retried later; `unreachable` — no server
 * answered (down, timeout, TLS), so the rest of a round waits too.
 */
export type MailOutcome = "sent" | "rejected" | "deferred" | "unreachable";

export type MailKind = "verify" | "digest" | "password_reset";

export interface VerificationMail {
  to: string;
  /** The link that confirms the address: `${PUBLIC_URL}/verify-email?token=…`. */
  link: string;
}

/** A password reset link, sent to the account's verified address. */
export interface PasswordResetMail {
  to: string;
  /** `${PUBLIC_URL}/reset-password?token=…`. */
  link: string;
}

/** One message of a digest, as the email shows it. */
export interface DigestEntry {
  channelName: string;
  direct: boolean;
  /** Whether it mentions the reader (else it is a DM). */
  mention: boolean;
  sender: string;
  createdAt: string;
  text: string;
  /** Opens the message in the web app. */
  link: string;
}

export interface DigestMail {
  to: string;
  entries: readonly DigestEntry[];
  /** How many more are waiting than this email lists. */
  more: number;
  /** The web page that turns digests off. */
  unsubscribeLink: string;
  /** RFC 8058 one-click unsubscribe: a POST to it turns digests off. */
  oneClickLink: string;
}

export interface Mailer {
  /** Whether mail can be sent at all (SMTP_URL is set). */
  readonly available: boolean;
  sendVerification(mail: VerificationMail): Promise<MailOutcome>;
  sendDigest(mail: DigestMail): Promise<MailOutcome>;
  sendPasswordReset(mail: PasswordResetMail): Promise<MailOutcome>;
}
