import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One email the inbox took: who it was for (the envelope) and the parsed message. */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it is sent. `refuse` makes it answer each
 * recipient with that reply instead (451: try later; 550: never); `stop` takes it down, `start`
 * brings it back on the same port.
 */
export class Inbox {
  readonly received: ReceivedMail[] = [];
  refuse: { code: number; message: string } | undefined;
  #server: SMTPServer | undefined;
  #port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      closeTimeout: 50,
      logger: false,
      onRcptTo: (_address, _session, done) => {
        if (!this.refuse) return done();
        done(Object.assign(new Error(this.refuse.message), { responseCode: this.refuse.code }));
      },
      onData: (stream, session, done) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.#port, "127.0.0.1", () => resolve());
    });
    this.#port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The emails sent to `address`. */
  to(address: string): ParsedMail[] {
    return this.received.filter((r) => r.to.includes(address)).map((r) => r.mail);
  }

  /** Waits for the `n`th email to `address` (the server may still be writing it). */
  async waitFor(address: string, n = 1): Promise<ParsedMail> {
    for (let i = 0; i < 200; i++) {
      const mails = this.to(address);
      if (mails.length >= n) return mails[n - 1]!;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no email #${n} to ${address}`);
  }
}
