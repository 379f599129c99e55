import { ErrorCode, type ResetRequestBody } from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { Clock } from "../clock.js";
import { DomainError } from "../errors.js";
import type { Mailer } from "../notifications/email-ports.js";
import type { AttemptLimiter } from "./attempt-limiter.js";
import type { PasswordService } from "./password-service.js";

/** Reset requests one IP may make, and reset emails one account may get, per window. */
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_EMAILS_PER_ACCOUNT = 3;
export const RESET_REQUEST_WINDOW_MS = 3600 * 1000;

export interface EmailResetDeps {
  store: Store;
  passwords: PasswordService;
  mailer: Mailer;
  clock: Clock;
  limits: { perIp: AttemptLimiter; perAccount: AttemptLimiter };
  /** Told of a failure of the work done after the answer (no caller is left to tell). */
  onError: (err: unknown) => void;
}

/**
 * "Forgot password?": a reset link emailed to the account's verified address. The answer is the
 * same whether or not an account matches, and it is given before the account is looked up: the
 * lookup and the email run afterwards, one request at a time, so no timing tells either.
 */
export class EmailResetService {
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: EmailResetDeps) {}

  async request(body: ResetRequestBody, ip: string): Promise<void> {
    const { mailer, limits, clock } = this.deps;
    if (!mailer.available) throw new DomainError(ErrorCode.badRequest, "This server does not send email");
    const wait = await limits.perIp.take(`password-reset-ip:${ip}`, clock().getTime());
    if (wait > 0) {
      const err = new DomainError(ErrorCode.rateLimited, "too many reset requests; try again later");
      throw Object.assign(err, { retryAfterSeconds: Math.ceil(wait / 1000) });
    }
    const key = body.username_or_email;
    this.#queue = this.#queue.then(() => this.send(key).catch(this.deps.onError));
  }

  /** Resolves once every request taken so far was handled (shutdown). */
  idle(): Promise<void> {
    return this.#queue;
  }

  private async send(usernameOrEmail: string): Promise<void> {
    const { store, passwords, mailer, limits, clock } = this.deps;
    const to = await store.passwords.recipient(usernameOrEmail);
    if (!to) return;
    if ((await limits.perAccount.take(`password-reset:${to.user_id}`, clock().getTime())) > 0) return;
    const link = await passwords.issue(to.user_id, null);
    await mailer.sendPasswordReset({ to: to.email, link: link.url });
  }
}
